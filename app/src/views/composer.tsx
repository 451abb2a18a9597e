/**
 * The action composer: pick a target and a weapon, switch on the modifiers that apply, see the exact
 * odds, then one tap to roll. The odds come from the same combat rules the room resolves with.
 */
import { COMBAT, type Declared, type SystemId } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { asFighter, type Combatant } from '../models/table.ts'

interface Props {
  system: SystemId
  attacker: Combatant
  /** Everyone the attacker could aim at (the app leaves hidden monsters out). */
  targets: Combatant[]
  onRoll: (targetId: string, declared: Declared) => void
  onClose: () => void
}

const percent = (p: number) => `${Math.round(p * 1000) / 10}%`

export function Composer({ system, attacker, targets, onRoll, onClose }: Props) {
  const rules = COMBAT[system]
  const me = asFighter(attacker)
  const foes = targets.filter((t) => t.side !== attacker.side)
  const ordered = [...foes, ...targets.filter((t) => t.side === attacker.side && t.id !== attacker.id)]
  const targetId = useSignal(ordered[0]?.id ?? '')
  const choices = rules.choices(me)
  const choice = useSignal(choices.ok ? (choices.value[0]?.id ?? '') : '')
  const toggles = useSignal<string[]>([])
  const target = ordered.find((t) => t.id === targetId.value)

  if (!choices.ok) return <Refusal text={choices.error} onClose={onClose} />
  if (!target) return <Refusal text="There is nobody to attack." onClose={onClose} />
  const them = asFighter(target)
  const offered = rules.toggles(me, them, choice.value)
  // A toggle that no longer applies (another weapon, another target) is dropped.
  const declared: Declared = {
    choice: choice.value,
    toggles: toggles.value.filter((id) => offered.some((t) => t.id === id)),
  }
  const preview = rules.preview(me, them, declared)

  return (
    <section class="card composer" aria-labelledby="composer-h">
      <div class="row gap">
        <h2 id="composer-h">{attacker.name} attacks</h2>
        <button type="button" class="ghost push" onClick={onClose}>
          Cancel
        </button>
      </div>
      <fieldset class="targets">
        <legend>Target</legend>
        {ordered.map((t) => (
          <label key={t.id} class={`target ${t.id === targetId.value ? 'chosen' : ''}`}>
            <input
              type="radio"
              name="target"
              checked={t.id === targetId.value}
              onChange={() => (targetId.value = t.id)}
            />
            <span>
              {t.name}
              <span class="muted small">
                {' '}
                {t.hp}/{t.maxHp} HP{t.status?.length ? ` · ${t.status.join(', ')}` : ''}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <label class="field">
        <span>With</span>
        <select value={choice.value} onChange={(e) => (choice.value = e.currentTarget.value)}>
          {choices.value.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {offered.length > 0 && (
        <fieldset class="toggles">
          <legend>Situation</legend>
          {offered.map((t) => (
            <label key={t.id} class="toggle">
              <input
                type="checkbox"
                checked={declared.toggles.includes(t.id)}
                onChange={(e) =>
                  (toggles.value = e.currentTarget.checked
                    ? [...declared.toggles, t.id]
                    : declared.toggles.filter((id) => id !== t.id))
                }
              />
              <span>
                {t.label}
                <span class="muted small"> · {t.effect}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div class="odds" aria-live="polite" data-testid="odds">
        {preview.ok ? (
          <>
            <strong class="odds-chance">{percent(preview.value.chance)}</strong>
            <span>{preview.value.summary}</span>
            <ul class="lines small">
              {preview.value.lines.map((l, i) => (
                <li key={`${l.label}-${i}`}>
                  {l.label} <strong>{l.value >= 0 ? `+${l.value}` : l.value}</strong>
                  {l.rule && <span class="muted"> · {l.rule}</span>}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p class="error" role="alert">
            {preview.error}
          </p>
        )}
      </div>
      <button
        type="button"
        class="primary huge"
        disabled={!preview.ok}
        onClick={() => onRoll(target.id, declared)}
      >
        Roll the attack
      </button>
    </section>
  )
}

function Refusal({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <section class="card composer">
      <p class="error" role="alert">
        {text}
      </p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  )
}
