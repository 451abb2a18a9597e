/**
 * spelljammer's combat at the table, whole (`spelljammerCombat`, the room's): the screens' part and the end of
 * a round (combat.ts), the defenses (combat-defenses.ts) and resolving an attack (resolve.ts). Assembled here
 * so combat.ts, which a phone loads, imports neither of the last two.
 */
import type { CombatRules } from '../../engine/types.ts'
import { endRound, spelljammerCombatView } from './combat.ts'
import { defensesOf } from './combat-defenses.ts'
import { spelljammerResolve } from './resolve.ts'

/** spelljammer's combat at the table: the screens' part, and what only the room runs (resolve, defenses, endOfRound). */
export const spelljammerCombat: CombatRules = {
  ...spelljammerCombatView,
  endOfRound: (fighters, round) => endRound(fighters, round),
  defenses: defensesOf,
  resolve: spelljammerResolve,
  // `resolve` with no defense refuses only what `plan` refuses (each action's row of the table, a weapon's
  // `build` against the target's own stance): after it, the into-melee mix is a row of the text's table
  // by construction, and the d100s and damage dice are faces checked in range only.
  defensesCheckResolve: true,
}
