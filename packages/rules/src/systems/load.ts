/**
 * Each system's rules as a chunk of its own, for screens: a phone loads the system of its room only. The
 * room (worker) reads `SYSTEMS`, which holds all five; a missing loader is a compile error here too.
 */
import type { RuleSystem } from '../rule-system.ts'
import type { SystemId } from './info.ts'

export const SYSTEM_LOADERS: Record<SystemId, () => Promise<RuleSystem>> = {
  osr: () => import('./osr/index.ts').then((m) => m.osrSystem as RuleSystem),
  odnd: () => import('./odnd/index.ts').then((m) => m.odndSystem as RuleSystem),
  spelljammer: () => import('./spelljammer/index.ts').then((m) => m.spelljammerSystem as RuleSystem),
  brp: () => import('./brp/index.ts').then((m) => m.brpSystem as RuleSystem),
  zones: () => import('./zones/index.ts').then((m) => m.zonesSystem as RuleSystem),
}
