/**
 * The action composer: pick a target and a weapon, switch on the modifiers that apply, see the exact
 * odds, then one tap to roll. The odds come from the same combat rules the room resolves with.
 */
import type { SystemId } from '@fray/protocol'
import { type Declared, type DiceAsked, diceAsked, percent, SYSTEMS } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { asFighter, type Combatant } from '../models/table.ts'

interface Props {
  system: SystemId
  attacker: Combatant
  /** Everyone the attacker could aim at (the app leaves hidden monsters out). */
  targets: Combatant[]
  /** `faces` when the player (or the GM, for a monster) rolled physical dice and typed them in. */
  onRoll: (targetId: string, declared: Declared, faces?: number[]) => void
  onClose: () => void
  /** Whether to offer typing in the faces of physical dice instead of the room's dice. */
  ownDice?: boolean
}

/** The faces typed so far, up to the first die still empty. */
function facesOf(typed: readonly string[]): number[] {
  const empty = typed.indexOf('')
  return (empty === -1 ? typed : typed.slice(0, empty)).map(Number)
}

export function Composer({ system, attacker, targets, onRoll, onClose, ownDice = false }: Props) {
  const rules = SYSTEMS[system].combat
  const me = asFighter(attacker)
  const foes = targets.filter((t) => t.side !== attacker.side)
  const ordered = [...foes, ...targets.filter((t) => t.side === attacker.side && t.id !== attacker.id)]
  const targetId = useSignal(ordered[0]?.id ?? '')
  const choices = rules.choices(me)
  const choice = useSignal(choices.ok ? (choices.value[0]?.id ?? '') : '')
  const toggles = useSignal<string[]>([])
  const typing = useSignal(false)
  const typed = useSignal<string[]>([])
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
      {ownDice && preview.ok && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={typing.value}
            onChange={(e) => {
              typing.value = e.currentTarget.checked
              typed.value = []
            }}
          />
          <span>I roll my own dice</span>
        </label>
      )}
      {typing.value && preview.ok ? (
        <OwnDice
          asked={diceAsked(rules, me, them, declared, facesOf(typed.value))}
          typed={typed.value}
          onType={(next) => (typed.value = next)}
          onSend={() => onRoll(target.id, declared, facesOf(typed.value))}
        />
      ) : (
        <button
          type="button"
          class="primary huge"
          disabled={!preview.ok}
          onClick={() => onRoll(target.id, declared)}
        >
          Roll the attack
        </button>
      )}
    </section>
  )
}

/** The dice the attack asks for, one input each as they come; what they would do, then send. */
function OwnDice(props: {
  asked: DiceAsked
  typed: string[]
  onType: (typed: string[]) => void
  onSend: () => void
}) {
  const { asked, typed } = props
  // Only the faces typed so far that the attack still asks for (a miss asks for no damage).
  const shown = asked.asked.map((die, i) => ({ ...die, value: typed[i] ?? '' }))
  return (
    <div class="own-dice">
      {shown.map((die, i) => (
        <label key={`${i}-${die.label}`} class="field">
          <span>
            Your d{die.sides} for {die.label}
          </span>
          <input
            inputMode="numeric"
            value={die.value}
            onInput={(e) => props.onType([...typed.slice(0, i), e.currentTarget.value.trim()])}
          />
        </label>
      ))}
      {asked.complete && asked.outcome && (
        <p class={asked.outcome.ok ? 'muted' : 'error'} role={asked.outcome.ok ? undefined : 'alert'}>
          {asked.outcome.ok ? `With these dice: ${asked.outcome.value}` : asked.outcome.error}
        </p>
      )}
      <button
        type="button"
        class="primary huge"
        disabled={!asked.complete || !asked.outcome?.ok}
        onClick={props.onSend}
      >
        Send my dice
      </button>
    </div>
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
