/** Helpers for the combat adapters' tests: fighters with sheets, and dice that throw given faces. */

import type { SystemId } from '../system.ts'
import { SYSTEMS } from '../systems/index.ts'
import { defaultSheet } from './sheet.ts'
import type { Fighter, Roller } from './types.ts'

/** A fighter with the system's default sheet, overridden by `sheet`. */
export function fighter(
  system: SystemId,
  id: string,
  side: 'pc' | 'foe',
  sheet: Record<string, unknown> = {},
  live: Partial<Pick<Fighter, 'hp' | 'maxHp' | 'state'>> = {},
): Fighter {
  const name = typeof sheet.name === 'string' ? sheet.name : id
  return {
    id,
    name,
    side,
    sheet: { ...defaultSheet(SYSTEMS[system].sheet.fields, name), ...sheet },
    hp: live.hp ?? 10,
    maxHp: live.maxHp ?? live.hp ?? 10,
    state: live.state ?? {},
  }
}

/**
 * Dice that throw the given faces in order, and record what was asked for; a test fails loudly when the
 * adapter asks for a die it did not script (wrong size, or one too many).
 */
export function scripted(...faces: number[]): Roller & { asked: Array<{ sides: number; label: string }> } {
  const queue = [...faces]
  const asked: Array<{ sides: number; label: string }> = []
  const roll = ((sides: number, label: string) => {
    asked.push({ sides, label })
    const face = queue.shift()
    if (face === undefined) throw new Error(`no scripted face left for a d${sides} (${label})`)
    if (face < 1 || face > sides) throw new Error(`scripted face ${face} does not fit a d${sides} (${label})`)
    return face
  }) as Roller & { asked: Array<{ sides: number; label: string }> }
  roll.asked = asked
  return roll
}
