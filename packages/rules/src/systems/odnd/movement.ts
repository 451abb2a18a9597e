/**
 * Movement in a melee round: engagement at 10 ft, move-and-attack, charge, run, and the ways out of a melee.
 * A retreat's d6 + DEX contest, rolled as it is resolved, is rolls.ts's `resolveRetreat`.
 */
import { fail, type Outcome, ok } from '../../system.ts'
import { type OdndOptions, withDefaults } from './options.ts'
import { isElf, isHobbit, type Sheet, type Weapon } from './sheet.ts'
import { MELEE_RANGE_FT } from './tables.ts'

/** "'in melee' when they are within 10 feet of each other and not separated by an obstacle". */
export function isEngaged(distanceFt: number, separatedByObstacle = false): boolean {
  return distanceFt <= MELEE_RANGE_FT && !separatedByObstacle
}

export type MoveKind = 'move' | 'move-and-attack' | 'charge' | 'run' | 'fire-on-the-run' | 'cast'

export interface MoveDeclaration {
  mover: Sheet
  /** Inches of movement this round (the sheet's move is inches per Turn). */
  inches: number
  attacks: boolean
  weapon?: Weapon
  mode?: 'melee' | 'ranged'
  casting?: boolean
  /** Already in melee: only the special moves below are allowed. */
  engaged?: boolean
  /** "A Charge may be executed no more than once per 10 minute Turn". */
  chargedThisTurn?: boolean
  /** The charge ends within 10 feet of the foe. */
  endsInMeleeRange?: boolean
  /** One inch is 10 feet underground (default) or 10 yards outdoors. */
  feetPerInch?: number
}

/**
 * Elves fire "arrows and javelins" on the run, hobbits slings: "This is NOT a charge for them". Javelins
 * are read as the sheet's thrown weapons.
 */
export function firesOnTheRun(mover: Sheet, weapon: Weapon | undefined): boolean {
  if (!weapon) return false
  const elfWeapon = weapon.kind === 'bow' || weapon.kind === 'great-bow' || weapon.kind === 'thrown'
  return (isElf(mover) && elfWeapon) || (isHobbit(mover) && weapon.kind === 'sling')
}

/**
 * What a round's movement amounts to, or why it is not allowed: up to half the Turn move and attack; more
 * than half up to the full move with a melee attack is a charge; the full move without attacking is running.
 */
export function classifyMove(decl: MoveDeclaration): Outcome<{ kind: MoveKind; summary: string }> {
  const { mover, inches } = decl
  if (!(inches >= 0)) throw new RangeError('movement is never negative')
  if (decl.engaged && inches > 0)
    return fail(
      'In melee you can only withdraw, retreat, move through the line, or disengage from a foe busy with another.',
    )
  if (inches > mover.move) return fail(`${mover.name} moves at most ${mover.move}" in a round.`)
  if (decl.casting) {
    const feet = inches * (decl.feetPerInch ?? 10)
    if (feet > 10) return fail('A spellcaster may move up to 10 feet while casting.')
    return ok({ kind: 'cast', summary: 'Casting while moving up to 10 feet.' })
  }
  if (!decl.attacks)
    return inches * 2 > mover.move
      ? ok({ kind: 'run', summary: 'Running: no attack or other action this round.' })
      : ok({ kind: 'move', summary: 'Moving up to half the move.' })
  if (inches * 2 <= mover.move)
    return ok({ kind: 'move-and-attack', summary: 'Up to half the move, then attack.' })
  if (firesOnTheRun(mover, decl.weapon) && decl.mode !== 'melee')
    return ok({ kind: 'fire-on-the-run', summary: 'Firing on the run at no penalty (not a charge).' })
  if (decl.mode === 'ranged')
    return fail(
      'Moving more than half your move, only elves (bows, javelins) and hobbits (slings) can still shoot.',
    )
  if (decl.chargedThisTurn) return fail('A charge can be made only once per 10-minute Turn.')
  if (decl.endsInMeleeRange === false) return fail('A charge must end within 10 feet of the foe to attack.')
  return ok({
    kind: 'charge',
    summary: 'Charge: +2 to hit and double damage on the first attack; no DEX bonus to AC or attack.',
  })
}

/** "PCs withdrawing will move at only 1/2 speed and gain a +2 to their defense, while attacking with a penalty of -2". */
export function fightingWithdrawal(mover: Sheet): { maxInches: number; defense: number; attack: number } {
  return { maxInches: mover.move / 2, defense: 2, attack: -2 }
}

/** "A combatant can disengage from melee without penalty ... if their opponent is engaged with another foe". */
export function canDisengageFreely(opponentsEngagedElsewhere: readonly boolean[]): boolean {
  return opponentsEngagedElsewhere.every(Boolean)
}

/** "Crossbows fire every other round." */
export function crossbowReady(lastFiredRound: number | null, round: number): Outcome<true> {
  if (lastFiredRound !== null && round - lastFiredRound < 2)
    return fail('The crossbow is still being reloaded: it fires every other round.')
  return ok(true)
}

/** Whether a foe's d6 + DEX takes its parting shot off a retreat's: a tie is not "highest" (room setting). */
export const foeWins = (foeScore: number, mine: number, options: Partial<OdndOptions> = {}): boolean =>
  foeScore > mine || (foeScore === mine && withDefaults(options).retreatTie === 'parting-shot')
