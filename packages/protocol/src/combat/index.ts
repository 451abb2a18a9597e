/** Every system's combat adapter, by id: a system without one is a compile error. */
import type { SystemId } from '@fray/rules'
import { brpCombat } from './brp.ts'
import { odndCombat } from './odnd.ts'
import { osrCombat } from './osr.ts'
import { spelljammerCombat } from './spelljammer.ts'
import type { CombatRules } from './types.ts'
import { zonesCombat } from './zones.ts'

export type * from './types.ts'

export const COMBAT: Record<SystemId, CombatRules> = {
  osr: osrCombat,
  odnd: odndCombat,
  spelljammer: spelljammerCombat,
  brp: brpCombat,
  zones: zonesCombat,
}
export { type DiceAsked, diceAsked } from './own-dice.ts'
export { isRequestId, parseDeclared, parseFaces } from './parse.ts'
