/** The zones rule system: factions alternate one character or pass; automatic hits; reactions out of turn. */
import type { RuleSystem } from '../../rule-system.ts'
import { zonesCombat } from './room-combat.ts'
import { zonesScreen } from './screen.ts'
import type { Sheet } from './sheet.ts'
import { zonesTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat zones like every other system: a screen's part and the turn model. */
export const zonesSystem: RuleSystem<Sheet> = {
  ...zonesScreen,
  combat: zonesCombat,
  turn: zonesTurns,
}
export { zonesRound } from './turn-view.ts'
