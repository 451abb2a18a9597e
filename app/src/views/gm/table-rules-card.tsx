/**
 * The room's settings the GM chooses: whether players' own dice need approval, the defense countdown,
 * who answers monsters' defenses, what players see of monsters' hit points, and the readings a system's
 * text leaves to the table (zones: when a blow incapacitates).
 */
import type { FoeHealthView } from '@fray/protocol'
import { SYSTEM_INFO, type SystemId } from '@fray/rules'
import type { TableModel } from '../../models/table.ts'

/** What players may see of a monster's hit points; the room keeps the rest in the GM's document. */
const FOE_HEALTH: ReadonlyArray<[FoeHealthView, string]> = [
  ['exact', 'Exact hit points'],
  ['word', 'A word: Unhurt, Hurt, Bloodied, Down'],
  ['none', 'Nothing, only who is down'],
]

/** The countdowns a GM may give players to choose a defense (the room accepts 5 s to 10 min). */
const DEFENSE_SECONDS = [10, 20, 30, 60, 120, 300] as const

export function TableRulesCard({ table, system }: { table: TableModel; system: SystemId | null }) {
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
      <label class="field">
        <span>When a player’s time to defend runs out</span>
        <select
          value={table.settings.value.lateDefense}
          onChange={(e) => {
            const v = e.currentTarget.value
            table.setSetting('lateDefense', v === 'none' || v === 'book' ? v : 'wait')
          }}
        >
          <option value="wait">I answer for them</option>
          <option value="none">The room answers: no defense</option>
          <option value="book">The room answers: the best odds by the book</option>
        </select>
      </label>
      <label class="field">
        <span>Monsters’ defenses</span>
        <select
          value={table.settings.value.foeDefense}
          onChange={(e) => {
            const value = e.currentTarget.value
            table.setSetting('foeDefense', value === 'book' || value === 'none' ? value : 'gm')
          }}
        >
          <option value="gm">I choose each one</option>
          <option value="book">By the book: the room takes the best odds at once</option>
          <option value="none">None: monsters take every blow, at once</option>
        </select>
      </label>
      {system && SYSTEM_INFO[system].asksIncapacitation && (
        <label class="field">
          <span>When a blow incapacitates (the text leaves “critical damage” open)</span>
          <select
            value={table.settings.value.incapacitation}
            onChange={(e) =>
              table.setSetting('incapacitation', e.currentTarget.value === 'at-zero' ? 'at-zero' : 'ask-gm')
            }
          >
            <option value="ask-gm">Ask me after each blow that leaves one standing</option>
            <option value="at-zero">Only at 0 health</option>
          </select>
        </label>
      )}
      <label class="field">
        <span>What players see of monsters</span>
        <select
          value={table.settings.value.foeHealth}
          onChange={(e) => table.setSetting('foeHealth', e.currentTarget.value as FoeHealthView)}
        >
          {FOE_HEALTH.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {table.settings.value.foeHealth !== 'exact' && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={table.settings.value.showFoeDefense}
            onChange={(e) => table.setSetting('showFoeDefense', e.currentTarget.checked)}
          />
          <span>Players’ odds show monsters’ defense (AC, DEF, armour)</span>
        </label>
      )}
    </section>
  )
}
