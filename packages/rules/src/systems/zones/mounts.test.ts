import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { RULE } from './common.ts'
import { movedFullSpeed, riderMayAct } from './mounts.ts'
import { directDamage, mountOrDismount } from './rolls.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

describe('zones mounts and vehicles', () => {
  it('stops riders acting or reacting when the mount moves at full speed', () => {
    expect(riderMayAct(true).ok).toBe(false)
    expect(riderMayAct(false).ok).toBe(true)
  })

  it('counts a move past half speed as full speed ("move their full speed ... or move half their speed")', () => {
    expect(movedFullSpeed({ speed: 2, sprinting: false, moved: 1 })).toBe(false)
    expect(movedFullSpeed({ speed: 2, sprinting: false, moved: 1.5 })).toBe(true)
    // Sprinting doubles the speed: 2 zones is still half of it.
    expect(movedFullSpeed({ speed: 2, sprinting: true, moved: 2 })).toBe(false)
    expect(movedFullSpeed({ speed: 2, sprinting: true, moved: 3 })).toBe(true)
  })

  it('costs half a zone to mount, with no save when standing still', () => {
    expect(must(mountOrDismount({ moving: false, agi: 10 }))).toMatchObject({
      zones: 0.5,
      fell: false,
      save: null,
    })
  })

  it('makes a rider jumping off a moving mount pass an AGI save or fall for d4 direct damage', () => {
    expect(mountOrDismount({ moving: true, agi: 10 }).ok).toBe(false)
    expect(must(mountOrDismount({ moving: true, agi: 10, face: 10 })).fell).toBe(false)
    const fell = must(mountOrDismount({ moving: true, agi: 10, face: 11 }))
    expect(fell.fell).toBe(true)
    expect(fell.fallDamage).toEqual({ count: 1, sides: 4 })
    expect(directDamage(3, RULE.mounts).suffered).toBe(3)
    expect(directDamage(3, RULE.mounts, 2).suffered).toBe(1)
  })
})
