/**
 * odnd's whole combat, as the room runs it: combat.ts's view and room-only parts with resolve.ts's
 * `odndResolve`. Put together here, apart from both, so that combat.ts (which a phone's screen reads)
 * imports nothing of resolving, and no module imports itself back.
 */
import type { CombatRules } from '../../engine/types.ts'
import { odndRoomCombat } from './combat.ts'
import { odndResolve } from './resolve.ts'

/** odnd's combat at the table: the screens' part, what only the room runs, and resolving an attack. */
export const odndCombat: CombatRules = { ...odndRoomCombat, resolve: odndResolve }
