/** Combatants with their hit points as a bar and a number; the GM gets quick damage, heal and remove. */
import { useSignal } from '@preact/signals'
import { type Combatant, hpFraction } from '../models/table.ts'

function EditForm(props: {
  combatant: Combatant
  onEdit: NonNullable<Props['onEdit']>
  onStats: Props['onStats']
  onDone: () => void
}) {
  const { combatant: c } = props
  const name = useSignal(c.name)
  const hp = useSignal(String(c.hp))
  const maxHp = useSignal(String(c.maxHp))
  const error = useSignal<string | null>(null)
  return (
    <form
      class="edit-form"
      onSubmit={(e) => {
        e.preventDefault()
        const problem = props.onEdit(c.id, {
          name: name.value,
          hp: Number(hp.value),
          maxHp: Number(maxHp.value),
        })
        error.value = problem
        if (!problem) props.onDone()
      }}
    >
      <label class="field">
        <span>Name</span>
        <input value={name.value} onInput={(e) => (name.value = e.currentTarget.value)} />
      </label>
      <div class="row gap">
        <label class="field">
          <span>HP now</span>
          <input inputMode="numeric" value={hp.value} onInput={(e) => (hp.value = e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>Max HP</span>
          <input
            inputMode="numeric"
            value={maxHp.value}
            onInput={(e) => (maxHp.value = e.currentTarget.value)}
          />
        </label>
      </div>
      {error.value && (
        <p class="error" role="alert">
          {error.value}
        </p>
      )}
      <div class="row gap">
        <button type="submit" class="primary">
          Save {c.name}
        </button>
        {props.onStats && (
          <button
            type="button"
            class="ghost push"
            onClick={() => {
              props.onStats?.(c.id)
              props.onDone()
            }}
          >
            All stats of {c.name}
          </button>
        )}
      </div>
    </form>
  )
}

interface Props {
  combatants: Combatant[]
  onAdjust?: (id: string, delta: number) => void
  onRemove?: (id: string) => void
  /** GM only: change any of a combatant's figures mid-fight; answers an error or null. */
  onEdit?: (id: string, fields: { name: string; hp: number; maxHp: number }) => string | null
  /** GM only: open the full sheet of the room's system for this combatant. */
  onStats?: (id: string) => void
}

export function CombatantList({ combatants, onAdjust, onRemove, onEdit, onStats }: Props) {
  const editing = useSignal<string | null>(null)
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
              <span class="combatant-name">{c.name}</span>
              <span class="hp-number">
                {c.hp}
                <span class="muted"> / {c.maxHp} HP</span>
              </span>
            </div>
            {c.status && c.status.length > 0 && (
              <ul class="chips" aria-label={`${c.name}: status`}>
                {c.status.map((chip) => (
                  <li key={chip} class="chip">
                    {chip}
                  </li>
                ))}
              </ul>
            )}
            {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike across mobile browsers */}
            <div
              class="hp-bar"
              role="meter"
              aria-label={`${c.name} hit points`}
              aria-valuemin={0}
              aria-valuemax={c.maxHp}
              aria-valuenow={c.hp}
            >
              <div
                class={`hp-fill ${fraction <= 0.25 ? 'low' : ''}`}
                style={{ width: `${fraction * 100}%` }}
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
                {onEdit && (
                  <button
                    type="button"
                    class="ghost push"
                    onClick={() => (editing.value = editing.value === c.id ? null : c.id)}
                  >
                    Edit
                  </button>
                )}
                <button
                  type="button"
                  class={`ghost danger ${onEdit ? '' : 'push'}`}
                  onClick={() => onRemove(c.id)}
                >
                  Remove
                </button>
              </div>
            )}
            {onEdit && editing.value === c.id && (
              <EditForm
                combatant={c}
                onEdit={onEdit}
                onStats={onStats}
                onDone={() => (editing.value = null)}
              />
            )}
          </li>
        )
      })}
    </ul>
  )
}
