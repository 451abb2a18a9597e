/** Which side a GM may mark as unaware when a fight starts, per system (no rules needed to ask). */
import type { SystemId } from '@fray/rules'

export type Unaware = 'pc' | 'foe' | 'both'

/**
 * osr and odnd roll for either side or both; spelljammer's ambush and zones' concealment have one side
 * lying in wait; BRP's text has no surprise check (its "defender unaware" attack modifier covers it).
 */
const OPTIONS: Record<SystemId, readonly Unaware[]> = {
  osr: ['pc', 'foe', 'both'],
  odnd: ['pc', 'foe', 'both'],
  spelljammer: ['pc', 'foe'],
  zones: ['pc', 'foe'],
  brp: [],
}

export function surpriseOptions(system: SystemId): readonly Unaware[] {
  return OPTIONS[system]
}
