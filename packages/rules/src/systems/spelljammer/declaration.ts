/** Action declaration at the start of a round: what the combatant does, and what that costs in attacks and initiative. */
import { unreachable } from '../../assert.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { checkStance, type Stance, stanceAllowsAttack, stanceDefLines, stanceScLines } from './defending.ts'
import { RULE } from './sections.ts'
import type { Sheet, Weapon } from './sheet.ts'

/**
 * How the combatant moves this round. 'normal' is combat movement with no attack cost beyond the
 * 5 foot free move; 'attack-and-move' moves after the last attack (see movement.ts).
 */
export type Movement = 'normal' | 'no-movement' | 'move-and-attack' | 'run-and-attack' | 'attack-and-move'

/** Changing weapons: each -5 initiative; two -5 actions also cost an action. */
export type WeaponSwap = 'none' | 'draw' | 'sheathe-and-draw'

/** The half-round actions; a potion costs half the attacks or half the movement, as the player chooses. */
export type HalfRoundAction =
  | 'none'
  | 'ready-shield'
  | 'drink-potion-lose-attacks'
  | 'drink-potion-lose-movement'

/** What a combatant declares when the GM calls for declarations. */
export interface RoundDeclaration {
  /** What the round is for: attacking, casting a spell, or neither (defending, moving, a potion). */
  action: 'attack' | 'cast' | 'none'
  /** Weapon in hand: attacks with it, and its rank sets Defending. */
  weaponIndex: number
  /** The spell, when casting. */
  spellIndex?: number
  /** Holding the action from the previous round (a 1-round cleric spell can then start on 10). */
  heldAction?: boolean
  stance: Stance
  movement: Movement
  carefulAim?: boolean
  weaponSwap?: WeaponSwap
  halfRound?: HalfRoundAction
  /** Whether the combatant is in melee as the round begins (no potion then). */
  inMeleeAtStart?: boolean
  /** Free actions taken this round: only one is allowed. */
  freeActions?: number
}

/** A room setting where the text is silent: see docs/systems/spelljammer.md. */
export interface DeclarationOptions {
  /** Careful aim costs one attack; with only one attack, keep it (default) or lose the round's attack. */
  carefulAimKeepsOnlyAttack?: boolean
}

/** A checked declaration and everything it costs, each with the rule it comes from. */
export interface DeclaredRound {
  declaration: RoundDeclaration
  weapon: Weapon | undefined
  /** Attacks this round after every loss. */
  attacks: number
  /** Each attack lost, and why. */
  attackLosses: BreakdownLine[]
  /** Added to every initiative die this round (the IM first). */
  initiativeModifiers: BreakdownLine[]
  /** Added to every strike chance this round. */
  scModifiers: BreakdownLine[]
  /** Added to this combatant's DEF this round. */
  defModifiers: BreakdownLine[]
  /** Luck save modifier this round (no movement: -20). */
  luckModifier: number
  /** Share of TMR the combatant may move while still attacking, in words: "half TMR", "TMR (at a run)". */
  movementAllowed: string
}

/** Checks a declaration against the sheet and works out its costs; an illegal one is refused in words. */
export function declareRound(
  sheet: Sheet,
  declaration: RoundDeclaration,
  options: DeclarationOptions = {},
): Outcome<DeclaredRound> {
  const weapon = sheet.weapons[declaration.weaponIndex]
  if (declaration.action === 'attack' && !weapon)
    return fail('Choose a weapon from your sheet to attack with.')
  const rank = weapon?.rank ?? 0
  const stance = checkStance(declaration.stance, rank)
  if (!stance.ok) return stance
  if (declaration.action === 'attack' && !stanceAllowsAttack(declaration.stance))
    return fail(
      declaration.stance.kind === 'full-defense'
        ? 'You cannot attack during a round of Full Defense.'
        : 'You can do nothing but defend during a round of Desperate Defense.',
    )
  if (declaration.stance.kind === 'desperate-defense' && declaration.action !== 'none')
    return fail('You can do nothing but defend during a round of Desperate Defense.')
  if (declaration.action === 'cast' && !sheet.spells[declaration.spellIndex ?? -1])
    return fail('Choose a spell from your sheet to cast.')
  const freeActions = declaration.freeActions ?? 0
  if (freeActions > 1)
    return fail('Only one free action can be taken per round; declare any other as a regular action.')
  const halfRound = declaration.halfRound ?? 'none'
  if (halfRound.startsWith('drink-potion') && declaration.inMeleeAtStart)
    return fail('You cannot drink a potion in half a round while in melee at the start of the round.')
  const carefulAim = declaration.carefulAim ?? false
  if (carefulAim) {
    if (weapon?.kind === 'melee') return fail('Careful aim is for ranged weapons.')
    if (declaration.movement === 'move-and-attack' || declaration.movement === 'run-and-attack')
      return fail('Careful aim needs you standing still: you cannot move and attack with it.')
  }

  const initiativeModifiers: BreakdownLine[] = [
    { label: 'Initiative modifier (IM)', value: sheet.initiativeModifier, rule: RULE.initiative },
  ]
  const scModifiers: BreakdownLine[] = [...stanceScLines(declaration.stance)]
  const defModifiers: BreakdownLine[] = [...stanceDefLines(declaration.stance, rank)]
  const attackLosses: BreakdownLine[] = []
  let attacks = declaration.action === 'attack' ? sheet.attacksPerRound : 0
  let luckModifier = 0
  let movementAllowed = 'combat movement'
  let fivePenalties = 0
  const lose = (count: number, label: string, rule: string) => {
    const lost = Math.min(count, attacks)
    if (lost <= 0) return
    attacks -= lost
    attackLosses.push({ label, value: -lost, rule })
  }

  switch (declaration.movement) {
    case 'normal':
      break
    case 'no-movement':
      initiativeModifiers.push({ label: 'No movement declared', value: 3, rule: RULE.initiative })
      defModifiers.push({ label: 'No movement declared', value: -20, rule: RULE.initiative })
      luckModifier = -20
      movementAllowed = 'none, not even the 5 foot free move'
      break
    case 'move-and-attack':
      lose(
        Math.floor(attacks / 2),
        'Move and attack: lose half the attacks, rounded down',
        RULE.moveAndAttack,
      )
      initiativeModifiers.push({ label: 'Move and attack', value: -5, rule: RULE.moveAndAttack })
      fivePenalties++
      movementAllowed = 'half TMR, then attack'
      break
    case 'run-and-attack':
      lose(
        attacks - Math.max(1, Math.floor(attacks / 2)),
        'Run and attack: lose half the attacks, rounded up (keep at least one)',
        RULE.runAndAttack,
      )
      initiativeModifiers.push({ label: 'Run and attack', value: -7, rule: RULE.runAndAttack })
      scModifiers.push({ label: 'Run and attack', value: -25, rule: RULE.runAndAttack })
      movementAllowed = 'TMR at a run, then attack'
      break
    case 'attack-and-move':
      movementAllowed = 'half TMR after the last attack, by when it falls'
      break
    default:
      return unreachable(declaration.movement)
  }

  const swap = declaration.weaponSwap ?? 'none'
  switch (swap) {
    case 'none':
      break
    case 'draw':
      initiativeModifiers.push({ label: 'Draw weapon', value: -5, rule: RULE.drawWeapon })
      fivePenalties++
      break
    case 'sheathe-and-draw':
      initiativeModifiers.push({ label: 'Sheathe weapon', value: -5, rule: RULE.drawWeapon })
      initiativeModifiers.push({ label: 'Draw weapon', value: -5, rule: RULE.drawWeapon })
      fivePenalties += 2
      break
    default:
      return unreachable(swap)
  }
  if (fivePenalties >= 2)
    lose(Math.floor(fivePenalties / 2), 'Two actions of -5 initiative each: lose an action', RULE.drawWeapon)

  switch (halfRound) {
    case 'none':
      break
    case 'drink-potion-lose-movement':
      movementAllowed = `half of ${movementAllowed}`
      break
    case 'ready-shield':
      lose(Math.ceil(attacks / 2), 'Ready shield: lose half the attacks, rounded up', RULE.readyShield)
      break
    case 'drink-potion-lose-attacks':
      lose(Math.ceil(attacks / 2), 'Drink potion: lose half the attacks, rounded up', RULE.drinkPotion)
      break
    default:
      return unreachable(halfRound)
  }

  if (carefulAim) {
    const keepOnly = options.carefulAimKeepsOnlyAttack ?? true
    if (attacks > 1 || !keepOnly) lose(1, 'Careful aim takes one combat action', RULE.carefulAim)
    scModifiers.push({ label: 'Careful aim', value: 15, rule: RULE.carefulAim })
  }

  return ok({
    declaration,
    weapon,
    attacks,
    attackLosses,
    initiativeModifiers,
    scModifiers,
    defModifiers,
    luckModifier,
    movementAllowed,
  })
}
