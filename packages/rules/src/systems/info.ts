/**
 * What every screen knows of each system without loading any rules: names, the quick-roll die, which
 * start options and turn steps to show. A missing system is a compile error.
 */
import type { SystemInfo } from '../system.ts'
import { brpInfo } from './brp/info.ts'
import { odndInfo } from './odnd/info.ts'
import { osrInfo } from './osr/info.ts'
import { spelljammerInfo } from './spelljammer/info.ts'
import { zonesInfo } from './zones/info.ts'

export const SYSTEM_INFO = {
  osr: osrInfo,
  odnd: odndInfo,
  spelljammer: spelljammerInfo,
  brp: brpInfo,
  zones: zonesInfo,
} satisfies Record<string, SystemInfo>

/** A system's id: a key of this registry, so a new system is one folder and one line here. */
export type SystemId = keyof typeof SYSTEM_INFO
export const SYSTEM_IDS = Object.keys(SYSTEM_INFO) as SystemId[]
