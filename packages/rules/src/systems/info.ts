/**
 * What every screen knows of each system without loading any rules: names, the quick-roll die, which
 * start options and turn steps to show. A missing system is a compile error.
 */
import type { SystemId, SystemInfo } from '../system.ts'
import { brpInfo } from './brp/info.ts'
import { odndInfo } from './odnd/info.ts'
import { osrInfo } from './osr/info.ts'
import { spelljammerInfo } from './spelljammer/info.ts'
import { zonesInfo } from './zones/info.ts'

export const SYSTEM_INFO: Record<SystemId, SystemInfo> = {
  osr: osrInfo,
  odnd: odndInfo,
  spelljammer: spelljammerInfo,
  brp: brpInfo,
  zones: zonesInfo,
}
