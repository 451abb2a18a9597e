/** The odnd rule system (OD&D house rules): the RuleSystem the room registers, and the full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { odndCombat } from './room-combat.ts'
import { odndScreen } from './screen.ts'
import type { Sheet } from './sheet.ts'
import { odndTurns } from './turn-model.ts'

export * from './rolls.ts'
export * from './rules.ts'
export * from './spells.ts'

/** What the app and the room need to treat odnd like every other system: a screen's part and the turn model. */
export const odndSystem: RuleSystem<Sheet> = {
  ...odndScreen,
  combat: odndCombat,
  turn: odndTurns,
}
