/**
 * The spelljammer rule system: its RuleSystem entry for the registry (the chunk a phone loads is
 * `screen.ts`), and nothing more (the full typed API is rules.ts).
 */
import type { RuleSystem } from '../../rule-system.ts'
import { spelljammerCombat } from './room-combat.ts'
import { spelljammerScreen } from './screen.ts'
import type { Sheet } from './sheet.ts'
import { spelljammerTurns } from './turn-model.ts'

/** What the app and the room need to treat spelljammer like every other system: a screen's part and the turn model. */
export const spelljammerSystem: RuleSystem<Sheet> = {
  ...spelljammerScreen,
  combat: spelljammerCombat,
  turn: spelljammerTurns,
}
