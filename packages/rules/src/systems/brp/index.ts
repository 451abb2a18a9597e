/** The brp rule system: a Basic-Roleplaying-style d100 roll-under combat, and its full typed API. */
import type { RuleSystem } from '../../rule-system.ts'
import { brpCombat } from './room-combat.ts'
import { brpScreen } from './screen.ts'
import type { Sheet } from './sheet.ts'
import { brpTurns } from './turn-model.ts'

export * from './rules.ts'

/** What the app and the room need to treat brp like every other system: a screen's part and the turn model. */
export const brpSystem: RuleSystem<Sheet> = { ...brpScreen, combat: brpCombat, turn: brpTurns }
