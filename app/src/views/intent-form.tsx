/**
 * A Statement of Intent (brp 5.2, 5.3): how far a character moves this round and what they attack with,
 * with what that leaves them, in the system's words. Loaded only in rooms whose rounds open with one.
 */
import type { Intent } from '@fray/protocol'
import type { SystemId } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from '../components/alert.tsx'
import { rulesOf } from '../models/rules.ts'
import type { Combatant } from '../models/table.ts'

interface Props {
  system: SystemId
  combatant: Combatant
  /** What they stated already this round, if anything. */
  declared?: Intent
  onDeclare: (intent: Intent) => void
  /** The button's words, e.g. "State my intent" or "State for Goblin 1". */
  action: string
}

const OTHER = ''

export function IntentForm({ system, combatant, declared, onDeclare, action }: Props) {
  const rules = rulesOf(system).turn.intents
  const start = declared ?? rules?.fallback(combatant) ?? { metersMoved: 0, weapon: null }
  const meters = useSignal(String(start.metersMoved))
  const weapon = useSignal(start.weapon ?? OTHER)
  const error = useSignal<string | null>(null)
  const weapons = rules?.weapons(combatant)
  if (!rules || !weapons?.ok) return <p class="error">{weapons && !weapons.ok ? weapons.error : ''}</p>

  const intent: Intent = { metersMoved: Number(meters.value), weapon: weapon.value || null }
  const preview =
    meters.value.trim() === '' ? 'Type how far you move, 0 to stay put.' : rules.preview(combatant, intent)

  return (
    <form
      class="intent-form"
      onSubmit={(e) => {
        e.preventDefault()
        const checked = rules.check(combatant, intent)
        if (!checked.ok) {
          error.value = checked.error
          return
        }
        error.value = null
        onDeclare(checked.value)
      }}
    >
      <div class="row gap wrap">
        <label class="field">
          <span>Meters moved</span>
          <input
            inputMode="numeric"
            value={meters.value}
            onInput={(e) => {
              meters.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <label class="field grow">
          <span>Action</span>
          <select value={weapon.value} onChange={(e) => (weapon.value = e.currentTarget.value)}>
            {weapons.value.map((w) => (
              <option key={w.id} value={w.id}>
                Attack: {w.label}
              </option>
            ))}
            <option value={OTHER}>Something else (no attack)</option>
          </select>
        </label>
      </div>
      <p class="muted small" aria-live="polite">
        {preview}
      </p>
      <Alert text={error.value} />
      <button type="submit" class="primary big">
        {declared ? `${action} again` : action}
      </button>
    </form>
  )
}
