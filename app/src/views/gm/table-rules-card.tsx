/** The room's settings the GM chooses: whether players' own dice need approval, and the defense countdown. */
import type { TableModel } from '../../models/table.ts'

/** The countdowns a GM may give players to choose a defense (the room accepts 5 s to 10 min). */
const DEFENSE_SECONDS = [10, 20, 30, 60, 120, 300] as const

export function TableRulesCard({ table }: { table: TableModel }) {
  return (
    <section class="card" aria-labelledby="rules-h">
      <h2 id="rules-h">Table rules</h2>
      <label class="toggle">
        <input
          type="checkbox"
          checked={table.settings.value.physicalDice === 'approve'}
          onChange={(e) => table.setSetting('physicalDice', e.currentTarget.checked ? 'approve' : 'trust')}
        />
        <span>Players’ own dice need my approval</span>
      </label>
      <label class="field">
        <span>Players choose their defense within</span>
        <select
          value={String(table.settings.value.defenseSeconds)}
          onChange={(e) => table.setSetting('defenseSeconds', Number(e.currentTarget.value))}
        >
          {DEFENSE_SECONDS.map((s) => (
            <option key={s} value={String(s)}>
              {s < 60 ? `${s} seconds` : `${s / 60} minute${s === 60 ? '' : 's'}`}
            </option>
          ))}
        </select>
      </label>
    </section>
  )
}
