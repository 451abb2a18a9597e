/** The osr rule system: an old-school d20 combat chapter, as one RuleSystem plus its full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { osrCombat } from './room-combat.ts'
import { osrScreen } from './screen.ts'
import type { Sheet } from './sheet.ts'
import { osrTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat osr like every other system: a screen's part and the turn model. */
export const osrSystem: RuleSystem<Sheet> = {
  ...osrScreen,
  combat: osrCombat,
  turn: osrTurns,
}
