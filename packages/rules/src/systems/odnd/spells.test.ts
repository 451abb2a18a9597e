import { describe, expect, it } from 'vitest'
import { type SpellInterruption, spellInterruption } from './spells.ts'

const base: SpellInterruption = { initiative: 'simultaneous', damaged: true, saveParalysis: 14, psyBonus: 1 }
const fate = (over: Partial<SpellInterruption>) => {
  const r = spellInterruption({ ...base, ...over })
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('spell interruption', () => {
  it('a caster who won initiative casts even when hit', () => {
    expect(fate({ initiative: 'caster-won' }).fate).toBe('goes-off')
  })

  it('a caster hit by a foe who won initiative loses the spell and cannot cast until next round', () => {
    expect(fate({ initiative: 'opponent-won' }).fate).toBe('lost-and-no-cast-this-round')
  })

  it('a caster hit on simultaneous initiative saves vs paralysis with the PSY bonus', () => {
    expect(fate({}).fate).toBe('save-needed')
    expect(fate({ saveD20: 13 }).fate).toBe('goes-off')
    expect(fate({ saveD20: 12 }).fate).toBe('d6-needed')
  })

  it('a failed save loses the spell on 1-4 and miscasts it on 5-6, the miscast prompted to the GM', () => {
    expect(fate({ saveD20: 2, failureD6: 4 }).fate).toBe('lost')
    const miscast = fate({ saveD20: 2, failureD6: 5 })
    expect(miscast.fate).toBe('miscast')
    expect(miscast.prompt?.table).toBe('miscast')
  })

  it('an undamaged caster is not interrupted', () => {
    expect(fate({ damaged: false, initiative: 'opponent-won' }).fate).toBe('goes-off')
  })
})
