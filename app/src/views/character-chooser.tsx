/** A seated player without a character: claim one the GM prepared, or create one with the room's sheet. */
import type { RequestResult, SystemId } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { defaultsOf, SheetForm } from '../components/sheet-form.tsx'
import { rulesOf } from '../models/rules.ts'
import type { SeatModel } from '../models/seat.ts'
import type { Combatant } from '../models/table.ts'

interface Props {
  roomId: string
  system: SystemId
  playerName: string
  open: Combatant[]
  seat: SeatModel
}

const draftKey = (roomId: string) => `fray:draft:${roomId}`

export function CharacterChooser({ roomId, system, playerName, open, seat }: Props) {
  const fields = rulesOf(system).sheet.fields
  const stored = (() => {
    try {
      return JSON.parse(localStorage.getItem(draftKey(roomId)) ?? 'null') as Record<string, unknown> | null
    } catch {
      return null
    }
  })()
  const values = useSignal<Record<string, unknown>>(stored ?? { ...defaultsOf(fields), name: playerName })
  const error = useSignal<string | null>(null)
  const waitingFor = useSignal<string | null>(null)

  // The answer to our request arrives in the seat document; an error keeps the form as typed.
  const answer: RequestResult | undefined = waitingFor.value ? seat.resultOf(waitingFor.value) : undefined
  useEffect(() => {
    if (!answer) return
    waitingFor.value = null
    if (!answer.ok) error.value = answer.error
    else localStorage.removeItem(draftKey(roomId))
  }, [answer, roomId, error, waitingFor])

  const create = () => {
    const checked = rulesOf(system).sheet.parse(values.value)
    if (!checked.ok) {
      error.value = checked.error
      return
    }
    error.value = null
    waitingFor.value = seat.createCharacter(values.value)
  }

  return (
    <section class="card" aria-labelledby="choose-h">
      <h2 id="choose-h">Your character</h2>
      {open.length > 0 && (
        <div class="claim-list">
          <p class="muted">The GM prepared these. Tap yours:</p>
          {open.map((c) => (
            <button
              key={c.id}
              type="button"
              class="big"
              onClick={() => {
                waitingFor.value = seat.claim(c.id)
              }}
            >
              Play {c.name}
            </button>
          ))}
          <p class="muted">Or create your own:</p>
        </div>
      )}
      <SheetForm
        fields={fields}
        notes={rulesOf(system).sheet.notes?.(values.value)}
        values={values.value}
        onChange={(next) => {
          values.value = next
          error.value = null
          localStorage.setItem(draftKey(roomId), JSON.stringify(next))
        }}
        onSubmit={create}
        error={error.value}
        busy={waitingFor.value !== null}
      />
    </section>
  )
}
