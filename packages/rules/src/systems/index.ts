/** The registry of rule systems: a missing system is a compile error, not a runtime surprise. */

import { defaultSheet } from '../engine/sheet.ts'
import type { RuleSystem } from '../rule-system.ts'
import { brpSystem } from './brp/index.ts'
import type { SystemId } from './info.ts'
import { odndSystem } from './odnd/index.ts'
import { osrSystem } from './osr/index.ts'
import { spelljammerSystem } from './spelljammer/index.ts'
import { zonesSystem } from './zones/index.ts'

export const SYSTEMS: Record<SystemId, RuleSystem> = {
  osr: osrSystem as RuleSystem,
  odnd: odndSystem as RuleSystem,
  spelljammer: spelljammerSystem as RuleSystem,
  brp: brpSystem as RuleSystem,
  zones: zonesSystem as RuleSystem,
}

/** A sheet of this system filled with its defaults (a monster's where `side` is `foe`), named. */
export const defaultSheetFor = (
  system: SystemId,
  name: string,
  side: 'pc' | 'foe' = 'pc',
): Record<string, unknown> => defaultSheet(SYSTEMS[system].sheet, name, side)
