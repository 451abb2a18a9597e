/**
 * Combatants with their hit points as a bar and a number (a monster's as a word, or nothing, where the
 * room keeps its hit points from the players); the GM gets quick damage, heal and remove.
 */
import { markLasting } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { hpFraction } from '../models/table.ts'
import { useLazy } from '../views/use-lazy.ts'
import { AskOnce } from './ask-once.tsx'
import type { CombatantListProps as Props } from './combatant-props.ts'

/** The GM's edit form: its code comes with the first Edit tap, off the players' first load. */
const loadEditForm = () => import('./combatant-edit-form.tsx').then((m) => m.EditForm)
/** The GM's number pad for a typed amount: loaded with its first tap, like the Edit form. */
const loadPad = () => import('./hit-point-pad.tsx').then((m) => m.HitPointPad)

export function CombatantList(props: Props) {
  // The GM's edit callbacks and the system's facts go to the Edit form as they are.
  const { combatants, onAdjust, onRemove, onHide, onEdit } = props
  const editing = useSignal<string | null>(null)
  const EditForm = useLazy(loadEditForm, editing.value !== null)
  /** The combatant whose number pad is open. */
  const padFor = useSignal<string | null>(null)
  const Pad = useLazy(loadPad, padFor.value !== null)
  if (combatants.length === 0) {
    return <p class="empty">No combatants yet.</p>
  }
  return (
    <ul class="combatants" data-testid="combatants">
      {combatants.map((c) => {
        const fraction = hpFraction(c)
        return (
          <li key={c.id} class="combatant" data-testid="combatant">
            <div class="combatant-head">
              <span class="combatant-name">
                {c.name}
                {/* On the GM's tablet, the word the players see in place of the numbers. */}
                {!c.hpHidden && c.health && <span class="muted small"> · players see {c.health}</span>}
                {/* A character the GM prepared for a player is not one more monster. */}
                {onAdjust && c.side === 'pc' && (
                  <span class="muted small">
                    {c.seatId ? ' · player character' : ' · player character, no player yet'}
                  </span>
                )}
              </span>
              {c.hpHidden ? (
                <span class="hp-word">{c.health ?? ''}</span>
              ) : (
                <span class="hp-number">
                  {c.hp}
                  <span class="muted"> / {c.maxHp} HP</span>
                </span>
              )}
            </div>
            {((c.status?.length ?? 0) > 0 || (c.marks?.length ?? 0) > 0) && (
              <ul class="chips" aria-label={`${c.name}: status`}>
                {c.status?.map((chip) => (
                  <li key={chip} class="chip">
                    {chip}
                  </li>
                ))}
                {/* The GM's own conditions, with the rounds they have left. */}
                {c.marks?.map((m) => (
                  <li key={m.id} class="chip mark">
                    {m.name}
                    {markLasting(m) && ` (${markLasting(m)})`}
                  </li>
                ))}
              </ul>
            )}
            {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike across mobile browsers */}
            <div
              hidden={c.hpHidden}
              class="hp-bar"
              role="meter"
              aria-label={`${c.name} hit points`}
              aria-valuemin={0}
              aria-valuemax={c.maxHp}
              aria-valuenow={c.hp}
            >
              <div
                class={`hp-fill ${fraction <= 0.25 ? 'low' : ''}`}
                style={{ transform: `scaleX(${fraction})` }}
              />
            </div>
            {onAdjust && onRemove && (
              <div class="row gap">
                <button type="button" onClick={() => onAdjust(c.id, -5)} aria-label={`${c.name}: 5 damage`}>
                  −5
                </button>
                <button type="button" onClick={() => onAdjust(c.id, -1)} aria-label={`${c.name}: 1 damage`}>
                  −1
                </button>
                <button type="button" onClick={() => onAdjust(c.id, 1)} aria-label={`${c.name}: heal 1`}>
                  +1
                </button>
                <button
                  type="button"
                  aria-expanded={padFor.value === c.id}
                  aria-label={`${c.name}: type an amount`}
                  onClick={() => (padFor.value = padFor.value === c.id ? null : c.id)}
                >
                  ±…
                </button>
                {onEdit && (
                  <button
                    type="button"
                    class="ghost push"
                    onClick={() => (editing.value = editing.value === c.id ? null : c.id)}
                  >
                    Edit
                  </button>
                )}
                <AskOnce
                  label="Remove"
                  buttonClass={`ghost danger ${onEdit ? '' : 'push'}`}
                  title={`Take ${c.name} off the table`}
                  choices={[
                    { label: `Remove ${c.name}`, onChoose: () => onRemove(c.id) },
                    ...(onHide && c.side !== 'pc'
                      ? [{ label: 'Hide from players', onChoose: () => onHide(c.id) }]
                      : []),
                  ]}
                >
                  {c.name} leaves every device and the turn order.
                  {onHide && c.side !== 'pc'
                    ? ' Hidden, it waits under “Hidden from players” for you to reveal it again.'
                    : ''}{' '}
                  Undo in the log brings it back as it was.
                </AskOnce>
              </div>
            )}
            {onAdjust && Pad && padFor.value === c.id && (
              <Pad
                name={c.name}
                onApply={(delta) => onAdjust(c.id, delta)}
                onDone={() => (padFor.value = null)}
              />
            )}
            {onEdit && EditForm && editing.value === c.id && (
              <EditForm {...props} combatant={c} onEdit={onEdit} onDone={() => (editing.value = null)} />
            )}
          </li>
        )
      })}
    </ul>
  )
}
