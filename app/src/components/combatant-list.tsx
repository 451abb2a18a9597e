/** Combatants with their hit points as a bar and a number; the GM gets quick damage, heal and remove. */
import type { Combatant } from '../models/table.ts'

interface Props {
  combatants: Combatant[]
  onAdjust?: (id: string, delta: number) => void
  onRemove?: (id: string) => void
}

export function CombatantList({ combatants, onAdjust, onRemove }: Props) {
  if (combatants.length === 0) {
    return <p class="empty">No combatants yet.</p>
  }
  return (
    <ul class="combatants" data-testid="combatants">
      {combatants.map((c) => {
        const fraction = c.maxHp > 0 ? Math.min(1, c.hp / c.maxHp) : 0
        return (
          <li key={c.id} class="combatant" data-testid="combatant">
            <div class="combatant-head">
              <span class="combatant-name">{c.name}</span>
              <span class="hp-number">
                {c.hp}
                <span class="muted"> / {c.maxHp} HP</span>
              </span>
            </div>
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
                <button type="button" class="ghost danger push" onClick={() => onRemove(c.id)}>
                  Remove
                </button>
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}
