/**
 * A round's declaration, in the system's own form: brp's Statement of Intent (5.2, 5.3: how far a
 * character moves and what they attack with), spelljammer's Action Declaration (the attack, and one choice
 * of each group: movement, weapons, half a round), with what it leaves them, in the system's words (the
 * initiative it gives and the chance each attack is not lost to it). Loaded only in rooms whose rounds
 * open with one.
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
  /** Declared by the GM for a monster: the button says for whom ("State for Goblin 1"). */
  forFoe?: boolean
}

const OTHER = ''

export function IntentForm({ system, combatant, declared, onDeclare, forFoe = false }: Props) {
  const rules = rulesOf(system).turn.intents
  const start = declared ?? rules?.fallback(combatant) ?? { metersMoved: 0, weapon: null }
  const meters = useSignal(String(start.metersMoved))
  const weapon = useSignal(start.weapon ?? OTHER)
  const groups = rules?.options?.(combatant) ?? []
  // One choice a group: the one declared, else the group's first.
  const chosen = useSignal<Record<string, string>>(
    Object.fromEntries(
      groups.map((g) => [
        g.id,
        g.choices.find((c) => start.options?.includes(c.id))?.id ?? g.choices[0]?.id ?? '',
      ]),
    ),
  )
  const error = useSignal<string | null>(null)
  const weapons = rules?.weapons(combatant)
  if (!rules || !weapons?.ok) return <p class="error">{weapons && !weapons.ok ? weapons.error : ''}</p>

  const options = groups
    .map((g) => chosen.value[g.id] ?? '')
    .filter((id, i) => id !== groups[i]?.choices[0]?.id)
  const intent: Intent = {
    metersMoved: rules.meters ? Number(meters.value) : 0,
    weapon: weapon.value || null,
    ...(groups.length > 0 && { options }),
  }
  const action = forFoe ? `${rules.words.forFoe} ${combatant.name}` : rules.words.button
  const preview =
    rules.meters && meters.value.trim() === ''
      ? 'Type how far you move, 0 to stay put.'
      : rules.preview(combatant, intent)

  return (
    <form
      class="intent-form"
      aria-label={rules.words.name}
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
        {rules.meters && (
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
        )}
        <label class="field grow">
          <span>Action</span>
          <select value={weapon.value} onChange={(e) => (weapon.value = e.currentTarget.value)}>
            {weapons.value.map((w) => (
              <option key={w.id} value={w.id}>
                Attack: {w.label}
              </option>
            ))}
            {rules.other !== null && <option value={OTHER}>{rules.other}</option>}
          </select>
        </label>
        {groups.map((g) => {
          const now = g.choices.find((c) => c.id === chosen.value[g.id])
          return (
            <label key={g.id} class="field grow">
              <span>{g.label}</span>
              <select
                aria-label={g.label}
                value={chosen.value[g.id]}
                onChange={(e) => {
                  chosen.value = { ...chosen.value, [g.id]: e.currentTarget.value }
                  error.value = null
                }}
              >
                {g.choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
              {now && <span class="muted small">{now.effect}</span>}
            </label>
          )
        })}
      </div>
      <p class="muted small" aria-live="polite" data-testid="intent-preview">
        {preview}
      </p>
      <Alert text={error.value} />
      <button type="submit" class="primary big">
        {declared ? `${action} again` : action}
      </button>
    </form>
  )
}
