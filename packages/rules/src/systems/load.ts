/**
 * Each system's rules as a chunk of its own, for screens: a phone loads the system of its room only, and
 * of it what a screen reads (`ScreenRules`, from the system's `screen.ts`). The room (worker) reads
 * `SYSTEMS`, which holds all five whole; a missing loader is a compile error here too.
 */

import type { CombatRules } from '../engine/types.ts'
import type { ScreenRules } from '../rule-system.ts'
import type { SystemId } from './info.ts'

export const SYSTEM_LOADERS: Record<SystemId, () => Promise<ScreenRules>> = {
  osr: () => import('./osr/screen.ts').then((m) => m.osrScreen as ScreenRules),
  odnd: () => import('./odnd/screen.ts').then((m) => m.odndScreen as ScreenRules),
  spelljammer: () => import('./spelljammer/screen.ts').then((m) => m.spelljammerScreen as ScreenRules),
  brp: () => import('./brp/screen.ts').then((m) => m.brpScreen as ScreenRules),
  zones: () => import('./zones/screen.ts').then((m) => m.zonesScreen as ScreenRules),
}

/**
 * Each system's resolving of an attack (its `resolve.ts`), which a screen does not read: a phone whose player
 * types the faces of their own dice loads it to ask die by die (`diceAsked`); the room checks them again.
 */
export const RESOLVE_LOADERS: Record<SystemId, () => Promise<CombatRules['resolve']>> = {
  osr: () => import('./osr/resolve.ts').then((m) => m.osrResolve),
  odnd: () => import('./odnd/resolve.ts').then((m) => m.odndResolve),
  spelljammer: () => import('./spelljammer/resolve.ts').then((m) => m.spelljammerResolve),
  brp: () => import('./brp/resolve.ts').then((m) => m.brpResolve),
  zones: () => import('./zones/resolve.ts').then((m) => m.zonesResolve),
}
