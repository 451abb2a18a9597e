/** The situational modifiers an attack can toggle: one catalog of data, with the rule each comes from. */
import type { ModifierToggle } from '../../system.ts'
import { RULE } from './sections.ts'
import { COVER_TABLE, LIGHTING_TABLE, type ModifierRow, TARGET_MOVEMENT_TABLE } from './tables.ts'

/** Which attacks a toggle applies to: the ranged modifiers are for ranged attacks only. */
export type Applies = 'any' | 'ranged' | 'melee'

/**
 * A toggle with its numbers. `group` makes toggles exclusive (one lighting level, one cover); `sc`, `def`
 * and `damage` are the flat effects, read by the attack code so the words and the numbers never drift.
 */
export interface AttackToggle extends ModifierToggle {
  readonly group?: string
  readonly applies: Applies
  readonly sc?: number
  readonly def?: number
  readonly damage?: number
  /** How many others attack the same target (Multiple Attackers): +10 SC each, less Range of Field. */
  readonly others?: number
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`)

/** A printed table of SC modifiers as one exclusive group of toggles. */
function scRows(
  rows: readonly ModifierRow[],
  group: string,
  prefix: string,
  applies: Applies,
): AttackToggle[] {
  return rows.map((row) => ({
    id: `${prefix}${row.id}`,
    label: row.label,
    effect: `${signed(row.value)} SC`,
    rule: row.rule,
    group,
    applies,
    sc: row.value,
  }))
}

/** Every situational modifier of the text that is a matter of the moment rather than of the round's declaration. */
export const ATTACK_TOGGLES: readonly AttackToggle[] = [
  {
    id: 'surprise-in-combat',
    label: 'Surprise (in combat)',
    effect: '+10 SC; the target gets half its normal DEF',
    rule: RULE.surprise,
    group: 'surprise',
    applies: 'any',
    sc: 10,
  },
  {
    id: 'surprise-out-of-combat',
    label: 'Surprise (out of combat)',
    effect: '+25 SC; the target gets only always-on magical DEF',
    rule: RULE.surprise,
    group: 'surprise',
    applies: 'any',
    sc: 25,
  },
  {
    id: 'ambush-3x',
    label: 'Ambush: target surprised but not completely (3x PER)',
    effect: '+10 SC on the surprise round',
    rule: RULE.ambush,
    group: 'ambush',
    applies: 'any',
    sc: 10,
  },
  {
    id: 'ambush-4x',
    label: 'Ambush: target surprised (4x PER)',
    effect: '+20 SC on the surprise round',
    rule: RULE.ambush,
    group: 'ambush',
    applies: 'any',
    sc: 20,
  },
  {
    id: 'ambush-5x',
    label: 'Ambush: target completely surprised (5x PER or worse)',
    effect: '+30 SC and +2 damage on the surprise round',
    rule: RULE.ambush,
    group: 'ambush',
    applies: 'any',
    sc: 30,
    damage: 2,
  },
  {
    id: 'attacker-cannot-see',
    label: 'Attacker cannot see the target',
    effect: '-40 SC',
    rule: RULE.invisibleFoe,
    group: 'attacker-sight',
    applies: 'any',
    sc: -40,
  },
  {
    id: 'attacker-cannot-see-2x-per',
    label: 'Attacker cannot see the target, made a 2x PER roll',
    effect: '-20 SC',
    rule: RULE.invisibleFoe,
    group: 'attacker-sight',
    applies: 'any',
    sc: -20,
  },
  {
    id: 'attacker-cannot-see-1x-per',
    label: 'Attacker cannot see the target, made a 1x PER roll',
    effect: '-10 SC',
    rule: RULE.invisibleFoe,
    group: 'attacker-sight',
    applies: 'any',
    sc: -10,
  },
  {
    id: 'target-cannot-see',
    often: true,
    label: 'Target cannot see the attacker',
    effect: '-20 to the target’s DEF',
    rule: RULE.invisibleFoe,
    group: 'target-sight',
    applies: 'any',
    def: -20,
  },
  {
    id: 'target-cannot-see-2x-per',
    label: 'Target cannot see the attacker, made a 2x PER roll',
    effect: '-10 to the target’s DEF',
    rule: RULE.invisibleFoe,
    group: 'target-sight',
    applies: 'any',
    def: -10,
  },
  {
    id: 'target-cannot-see-1x-per',
    label: 'Target cannot see the attacker, made a 1x PER roll',
    effect: '-5 to the target’s DEF',
    rule: RULE.invisibleFoe,
    group: 'target-sight',
    applies: 'any',
    def: -5,
  },
  ...[1, 2, 3, 4, 5].map(
    (others): AttackToggle => ({
      id: `others-${others}`,
      label:
        others === 1
          ? 'One other attacker on the target this round'
          : `${others} other attackers on the target this round`,
      effect: `+${others * 10} SC (+10 for every attacker above one), less the target’s Range of Field`,
      rule: RULE.multipleAttackers,
      group: 'multiple-attackers',
      applies: 'any',
      others,
    }),
  ),
  {
    id: 'target-stunned',
    label: 'Target stunned',
    effect: '+10 SC',
    rule: RULE.targetStunned,
    applies: 'any',
    sc: 10,
  },
  ...scRows(LIGHTING_TABLE, 'lighting', 'lighting-', 'any'),
  {
    id: 'target-encumbered',
    label: 'Target encumbered',
    effect: '-10 to the target’s DEF',
    rule: RULE.encumbrance,
    applies: 'any',
    def: -10,
  },
  {
    id: 'attacker-encumbered',
    label: 'Attacker encumbered',
    effect: '-10 SC',
    rule: RULE.encumbrance,
    applies: 'any',
    sc: -10,
  },
  {
    id: 'offhand',
    label: 'Using offhand',
    effect: '-20 SC and -2 damage (none if ambidextrous)',
    rule: RULE.offhand,
    applies: 'any',
    sc: -20,
    damage: -2,
  },
  {
    id: 'target-picking-up-weapon',
    label: 'Target picking up a dropped weapon',
    effect: '-15 to the target’s DEF',
    rule: RULE.droppedWeapon,
    applies: 'any',
    def: -15,
  },
  {
    id: 'free-attack',
    label: 'Free attack on a withdrawing foe',
    effect: 'the target keeps DEF from DEX but may not use a shield',
    rule: RULE.withdrawing,
    applies: 'melee',
  },
  ...scRows(TARGET_MOVEMENT_TABLE, 'target-movement', 'target-', 'ranged'),
  ...scRows(COVER_TABLE, 'cover', 'cover-', 'ranged'),
]

/** Looks a toggle up by id; undefined for an id the catalog does not hold. */
export function findToggle(id: string): AttackToggle | undefined {
  return ATTACK_TOGGLES.find((t) => t.id === id)
}

/**
 * The choices of a round's declaration, in words, for the declaration form: each maps to a field of
 * RoundDeclaration (`field` and `value`), and its costs are applied by declareRound.
 */
export interface RoundOption extends ModifierToggle {
  readonly field: 'stance' | 'movement' | 'carefulAim' | 'weaponSwap' | 'halfRound'
  readonly value: string | boolean
}

export const ROUND_OPTIONS: readonly RoundOption[] = [
  {
    id: 'defending',
    field: 'stance',
    value: 'defending',
    label: 'Defending',
    effect: 'give up SC (at most weapon rank x 5) for half as much DEF, rounded down',
    rule: RULE.defending,
  },
  {
    id: 'full-defense',
    field: 'stance',
    value: 'full-defense',
    label: 'Full Defense',
    effect: '+5 DEF plus weapon rank x 2.5 (rounded up); no attacks',
    rule: RULE.fullDefense,
  },
  {
    id: 'desperate-defense',
    field: 'stance',
    value: 'desperate-defense',
    label: 'Desperate Defense',
    effect:
      '+20 DEF plus weapon rank x 2.5 (rounded up); no other action; the attacker may force a 10 ft move',
    rule: RULE.desperateDefense,
  },
  {
    id: 'no-movement',
    field: 'movement',
    value: 'no-movement',
    label: 'No movement',
    effect: '+3 initiative; -20 DEF and -20 Luck; not even the 5 foot free move',
    rule: RULE.initiative,
  },
  {
    id: 'move-and-attack',
    field: 'movement',
    value: 'move-and-attack',
    label: 'Move and attack',
    effect: 'move up to half TMR; lose half the attacks (rounded down); -5 initiative',
    rule: RULE.moveAndAttack,
  },
  {
    id: 'attack-and-move',
    field: 'movement',
    value: 'attack-and-move',
    label: 'Attack and move',
    effect: 'move up to half TMR after the last attack, from a segment set by when it fell and a DEX roll',
    rule: RULE.attackAndMove,
  },
  {
    id: 'run-and-attack',
    often: true,
    field: 'movement',
    value: 'run-and-attack',
    label: 'Run and attack',
    effect: 'move up to TMR at a run; keep half the attacks (at least one); -7 initiative, -25 SC',
    rule: RULE.runAndAttack,
  },
  {
    id: 'careful-aim',
    often: true,
    field: 'carefulAim',
    value: true,
    label: 'Careful aim',
    effect: '+15 SC; lose one attack and DEF from DEX and Defense; attackers get +10',
    rule: RULE.carefulAim,
  },
  {
    id: 'draw',
    field: 'weaponSwap',
    value: 'draw',
    label: 'Draw a weapon',
    effect: '-5 initiative',
    rule: RULE.drawWeapon,
  },
  {
    id: 'sheathe-and-draw',
    field: 'weaponSwap',
    value: 'sheathe-and-draw',
    label: 'Sheathe and draw',
    effect: '-10 initiative and lose an action',
    rule: RULE.drawWeapon,
  },
  {
    id: 'ready-shield',
    field: 'halfRound',
    value: 'ready-shield',
    label: 'Ready shield',
    effect: 'half a round: lose half the attacks, rounded up',
    rule: RULE.readyShield,
  },
  {
    id: 'drink-potion-lose-attacks',
    field: 'halfRound',
    value: 'drink-potion-lose-attacks',
    label: 'Drink a potion (lose attacks)',
    effect: 'half a round: lose half the attacks, rounded up; not if in melee at the start of the round',
    rule: RULE.drinkPotion,
  },
  {
    id: 'drink-potion-lose-movement',
    field: 'halfRound',
    value: 'drink-potion-lose-movement',
    label: 'Drink a potion (lose movement)',
    effect: 'half a round: lose half the movement; not if in melee at the start of the round',
    rule: RULE.drinkPotion,
  },
]
