import { describe, expect, it } from 'vitest'
import { setupAttack } from './attack.ts'
import { makeSheet, nutshellFighter, ready } from './examples.ts'
import {
  checkFreeActions,
  forcedToMoveAfterNoMovement,
  freeAttackOnWithdrawal,
  tentacleAttackers,
} from './melee.ts'
import { pickUpWeapon } from './rolls.ts'

/** The Multiple Attackers SC of one attack, as its setup adds it: `attackers` on the target, this one too. */
function multipleAttackerBonus(attackers: number, tentacles = 0): number {
  const setup = setupAttack({
    attacker: ready(nutshellFighter({ tentacles })),
    target: ready(makeSheet({ name: 'Ogre' })),
    mode: 'melee',
    otherAttackers: attackers - 1,
  })
  if (!setup.ok) throw new Error(setup.error)
  return setup.value.scLines.find((l) => l.label.startsWith('Multiple attackers'))?.value ?? 0
}

describe('multiple attackers', () => {
  it('give each of three attackers +20 SC', () => {
    expect(multipleAttackerBonus(3)).toBe(20)
    expect(multipleAttackerBonus(1)).toBe(0)
  })

  it('count a six-tentacled roper as three attackers, outnumbering its target 3 to 1', () => {
    expect(tentacleAttackers(6)).toBe(3)
    expect(multipleAttackerBonus(1, 6)).toBe(20)
  })
})

describe('picking up a dropped weapon', () => {
  // DEX 12: 1x is 12 or less, 4x is 48 or less.
  it('with a 1x DEX roll gets it back and still makes one attack at -5 initiative', () => {
    expect(pickUpWeapon(12, 12)).toEqual({
      ok: true,
      value: {
        retrieved: true,
        attacksLeft: 1,
        initiativeModifier: -5,
        defModifier: -15,
        rule: 'Melee Modifiers: Picking Up a Dropped Weapon',
      },
    })
  })

  it('with a 4x DEX roll gets it back with no attack, and fails above 4x', () => {
    const made = pickUpWeapon(48, 12)
    expect(made.ok && [made.value.retrieved, made.value.attacksLeft]).toEqual([true, 0])
    const missed = pickUpWeapon(49, 12)
    expect(missed.ok && missed.value.retrieved).toBe(false)
  })
})

describe('being forced to move after declaring no movement', () => {
  it('loses the remaining actions, interrupts a spell, and falls unless a 2x DEX roll is made', () => {
    expect(forcedToMoveAfterNoMovement(24, 12, true)).toEqual({
      ok: true,
      value: { actionsLost: true, spellInterrupted: true, fallsDown: false },
    })
    const fell = forcedToMoveAfterNoMovement(25, 12, false)
    expect(fell.ok && fell.value.fallsDown).toBe(true)
  })
})

describe('withdrawing from melee', () => {
  it('gives an attacking opponent a free attack', () => {
    expect(freeAttackOnWithdrawal({ opponentStance: { kind: 'attack' } }).verdict).toBe('free-attack')
  })

  it('still gives a parrying opponent a free attack, at its parrying penalty', () => {
    const r = freeAttackOnWithdrawal({ opponentStance: { kind: 'defending', sacrifice: 30 } })
    expect(r.verdict).toBe('free-attack')
  })

  it('gives none to an opponent in full or desperate defense, nor when only maneuvering', () => {
    expect(freeAttackOnWithdrawal({ opponentStance: { kind: 'full-defense' } }).verdict).toBe('none')
    expect(freeAttackOnWithdrawal({ opponentStance: { kind: 'desperate-defense' } }).verdict).toBe('none')
    expect(
      freeAttackOnWithdrawal({ opponentStance: { kind: 'attack' }, maneuveringOnly: true }).verdict,
    ).toBe('none')
  })

  it('leaves the two-on-one case and the climbing flyer to the GM', () => {
    expect(
      freeAttackOnWithdrawal({ opponentStance: { kind: 'attack' }, opponentOnAllyOnly: true }).verdict,
    ).toBe('ask-gm')
    expect(
      freeAttackOnWithdrawal({ opponentStance: { kind: 'attack' }, agileFlyerClimbing: true }).verdict,
    ).toBe('ask-gm')
  })
})

describe('free actions', () => {
  it('allow one a round and refuse a second', () => {
    expect(checkFreeActions(1)).toEqual({ ok: true, value: 1 })
    expect(checkFreeActions(2).ok).toBe(false)
  })
})
