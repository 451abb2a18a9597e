/**
 * The text's rolls between the rules (odnd's encounter distance, monster reaction, pursuit checks): one
 * tap each, rolled and logged by the room like any roll, with what the faces mean in the text's words
 * beside the button. Shown only where the room's system lists such rolls (`CombatRules.gmRolls`).
 */
import type { SystemId } from '@fray/protocol'
import type { GmModel } from '../../models/gm.ts'
import { useRules } from '../../models/rules.ts'

export function TextRollsCard({ system, gm }: { system: SystemId | null; gm: GmModel }) {
  const rolls = useRules(system)?.combat.gmRolls ?? []
  if (rolls.length === 0) return null
  return (
    <section class="card" aria-labelledby="text-rolls-h">
      <h2 id="text-rolls-h">Rolls of the rules</h2>
      <details class="text-rolls">
        <summary>Distance, reaction, pursuit: the GM's dice</summary>
        <ul class="lines">
          {rolls.map((r) => (
            <li key={r.label} class="row gap wrap">
              <button
                type="button"
                class="ghost"
                onClick={() => gm.send({ kind: 'roll', notation: r.notation, label: r.label })}
              >
                {r.label}
              </button>
              <span class="muted small">{r.says}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
