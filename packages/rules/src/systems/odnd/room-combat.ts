/** odnd's whole combat as the room runs it, joined apart from combat.ts, which imports nothing of resolving. */
import type { CombatRules } from '../../engine/types.ts'
import { odndRoomCombat } from './combat.ts'
import { odndResolve } from './resolve.ts'

/** odnd's combat at the table: the screens' part, what only the room runs, and resolving an attack. */
export const odndCombat: CombatRules = { ...odndRoomCombat, resolve: odndResolve }
