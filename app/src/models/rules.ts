/**
 * The room's rule system, loaded the first time a screen needs it: each system is a chunk of its own, so
 * a phone downloads the rules of its room only. A view that reads rules loads them with itself
 * (`withRules`) or waits for them (`useRules`); `rulesOf` then reads them without waiting.
 */
import { RESOLVE_LOADERS, type ScreenRules, SYSTEM_LOADERS, type SystemId } from '@fray/rules'
import { signal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import type { AskDice } from './own-dice.ts'

const loaded = signal<Partial<Record<SystemId, ScreenRules>>>({})
const loading = new Map<SystemId, Promise<ScreenRules>>()

/** Loads a system's rules once; later calls share the first. */
export function loadRules(system: SystemId): Promise<ScreenRules> {
  const known = loading.get(system)
  if (known) return known
  const load = SYSTEM_LOADERS[system]().then((rules) => {
    loaded.value = { ...loaded.value, [system]: rules }
    return rules
  })
  // A failed load (offline before the chunk was ever cached) may be tried again.
  load.catch(() => loading.delete(system))
  loading.set(system, load)
  return load
}

/** A system's rules that a view loaded with itself; reading them before they loaded is a bug. */
export function rulesOf(system: SystemId): ScreenRules {
  const rules = loaded.value[system]
  if (!rules) throw new Error(`the ${system} rules were read before they loaded (load them with the view)`)
  return rules
}

/** A lazily loaded part of a screen, loaded together with the rules it reads. */
export const withRules =
  <T>(system: SystemId, load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([loadRules(system), load()]).then(([, part]) => part)

/** The system's rules once loaded (starting the load), or null meanwhile and while the system is unknown. */
export function useRules(system: SystemId | null): ScreenRules | null {
  useEffect(() => {
    if (system) loadRules(system).catch(() => undefined)
  }, [system])
  return system ? (loaded.value[system] ?? null) : null
}

const askers = signal<Partial<Record<SystemId, AskDice>>>({})
const asking = new Map<SystemId, Promise<AskDice>>()

/**
 * A system's asking for one's own dice (its `resolve`, with `diceAsked`), which only a player typing their
 * own dice needs on a device: loaded once, on the first ask, so no other phone downloads it.
 */
export function loadOwnDice(system: SystemId): Promise<AskDice> {
  const known = asking.get(system)
  if (known) return known
  const load = Promise.all([RESOLVE_LOADERS[system](), import('./own-dice.ts')]).then(([resolve, own]) => {
    const ask = own.askDiceWith(resolve)
    askers.value = { ...askers.value, [system]: ask }
    return ask
  })
  load.catch(() => asking.delete(system))
  asking.set(system, load)
  return load
}

/** The system's asking for one's own dice once loaded (`loadOwnDice`), else null. */
export const ownDiceOf = (system: SystemId): AskDice | null => askers.value[system] ?? null
