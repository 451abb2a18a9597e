/**
 * Checks each revealed sealed roll against its seal on this device: whether SHA-256 of what was revealed
 * is the commitment logged when it was rolled. The hashing loads only once a log holds a revealed seal.
 */
import type { LogEntry } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

export function useSealChecks(entries: readonly LogEntry[]): Readonly<Record<string, boolean>> {
  const checks = useSignal<Record<string, boolean>>({})
  const revealed = entries.filter((e) => e.sealed?.revealed)
  const key = JSON.stringify(revealed.map((e) => e.sealed))
  useEffect(() => {
    if (revealed.length === 0) return
    let live = true
    void import('@fray/protocol/seal').then(({ verifySeal }) => {
      if (!live) return
      checks.value = Object.fromEntries(
        revealed.map((e) => [
          e.id,
          Boolean(e.sealed?.revealed && verifySeal(e.sealed.commitment, e.sealed.revealed)),
        ]),
      )
    })
    return () => {
      live = false
    }
  }, [key]) // `key` stands for the revealed seals: the effect runs again when one is revealed
  return checks.value
}
