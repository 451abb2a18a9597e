/**
 * spelljammer's Action Declaration at the table: "At the beginning of the round, the GM will call for
 * action declarations ... Once all actions are declared, the GM will resolve the round in initiative
 * order." A declaration is one row of the form (attack with a weapon, or something else) and one choice
 * of each group (movement, changing weapons, half a round); `declareRound` says what it costs, and the
 * initiative dice follow it: one die per attack left, each with the round's initiative modifiers.
 */
import { type Fraction, toFloat } from '../../dice/fraction.ts'
import { orderedRound } from '../../engine/ordered-round.ts'
import { readSheet } from '../../engine/sheet.ts'
import type { Intent, IntentOptionGroup, IntentRules, TurnState } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { percent, signed } from '../../engine/words.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import * as spelljammer from './screen-rules.ts'

export const SHEET = { fields: spelljammer.SHEET_FIELDS, parse: spelljammer.parseSheet }

type Field = 'stance' | 'movement' | 'weaponSwap' | 'halfRound'

/** The groups of the form: the first choice of each is what one who says nothing does. */
const GROUPS: ReadonlyArray<{
  field: Field
  id: string
  label: string
  first: IntentOptionGroup['choices'][0]
}> = [
  {
    // "This decision must be made at the beginning of the round" (Defending, Full and Desperate Defense).
    field: 'stance',
    id: 'stance',
    label: 'Defense',
    first: { id: 'none', label: 'No special defense', effect: 'keep your attacks this round' },
  },
  {
    field: 'movement',
    id: 'movement',
    label: 'Movement',
    first: {
      id: 'normal',
      label: 'Combat movement',
      effect: 'move as usual; the 5 foot free move costs nothing',
    },
  },
  {
    field: 'weaponSwap',
    id: 'weapon-swap',
    label: 'Weapons',
    first: { id: 'none', label: 'Keep the weapon in hand', effect: 'no initiative lost' },
  },
  {
    field: 'halfRound',
    id: 'half-round',
    label: 'Half a round',
    first: { id: 'none', label: 'Nothing else', effect: 'no attacks lost' },
  },
]

/** The form's groups with every choice the text gives them (`ROUND_OPTIONS`), each with its effect. */
export const DECLARATION_GROUPS: readonly IntentOptionGroup[] = GROUPS.map((g) => ({
  id: g.id,
  label: g.label,
  choices: [
    g.first,
    ...spelljammer.ROUND_OPTIONS.filter((o) => o.field === g.field).map((o) => ({
      id: o.id,
      label: o.label,
      effect: o.effect,
    })),
  ],
}))

/** The choice taken in each group, by field: an unknown id or two of one group is refused in words. */
function choicesOf(intent: Intent): Outcome<Record<Field, string>> {
  const taken = {} as Record<Field, string>
  for (const g of GROUPS) taken[g.field] = g.first.id
  for (const id of intent.options ?? []) {
    const at = DECLARATION_GROUPS.findIndex((g) => g.choices.some((c) => c.id === id))
    const group = GROUPS[at]
    if (!group) return fail(`"${id}" is not one of the Action Declaration's choices.`)
    if (taken[group.field] !== group.first.id && taken[group.field] !== id)
      return fail(`Declare one choice of ${group.label.toLowerCase()}, not two.`)
    taken[group.field] = id
  }
  return ok(taken)
}

/** The stance a declared defense takes with a weapon of this rank: Defending gives up the most SC it may. */
export function stanceOf(id: string | null, rank: number): spelljammer.Stance {
  if (id === 'defending') return { kind: 'defending', sacrifice: spelljammer.maxSacrifice(rank) }
  return id === 'full-defense' || id === 'desperate-defense' ? { kind: id } : spelljammer.ATTACKING
}

/** The declaration a form's intent makes for the rules package; `rank`, the weapon's, sets Defending's SC. */
export function roundDeclarationOf(intent: Intent, rank = 0): Outcome<spelljammer.RoundDeclaration> {
  const taken = choicesOf(intent)
  if (!taken.ok) return taken
  const weaponIndex = intent.weapon === null ? 0 : Number(intent.weapon)
  if (!Number.isInteger(weaponIndex) || weaponIndex < 0)
    return fail('Choose a weapon from your sheet to attack with.')
  return ok({
    action: intent.weapon === null ? 'none' : 'attack',
    weaponIndex,
    stance: stanceOf(taken.value.stance, rank),
    movement: taken.value.movement as spelljammer.Movement,
    weaponSwap: taken.value.weaponSwap as spelljammer.WeaponSwap,
    halfRound: taken.value.halfRound as spelljammer.HalfRoundAction,
  })
}

/** What one who declares nothing does: attacks with the first weapon, moving as usual. */
export function fallbackIntent(sheet: spelljammer.Sheet): Intent {
  return { metersMoved: 0, weapon: sheet.weapons.length > 0 ? '0' : null, options: [] }
}

/** A fighter's declared round, its costs worked out; `intent` absent: what one who says nothing does. */
export function declaredRound(
  f: Pick<Fighter, 'name' | 'sheet'>,
  intent?: Intent,
): Outcome<spelljammer.DeclaredRound> {
  const sheet = readSheet(SHEET, f)
  if (!sheet.ok) return sheet
  const said = intent ?? fallbackIntent(sheet.value)
  const rank = sheet.value.weapons[Number(said.weapon ?? 0)]?.rank ?? 0
  const declaration = roundDeclarationOf(said, rank)
  if (!declaration.ok) return declaration
  return spelljammer.declareRound(sheet.value, declaration.value, spelljammer.DEFAULT_SETTINGS)
}

/** The round's dice: one per attack left; one who declares no attack still rolls a d10 (casting, moving). */
export const diceOfRound = (round: spelljammer.DeclaredRound) =>
  spelljammer.initiativeDice(Math.max(1, round.attacks))

/** The sum of the round's initiative modifiers (the IM first). */
export const initiativeModifier = (round: spelljammer.DeclaredRound) =>
  round.initiativeModifiers.reduce((n, l) => n + l.value, 0)

const chance = (p: Fraction | undefined) => percent(p ? toFloat(p) : 0)

/**
 * The round's odds where the declaration is made: the dice with their modifier, and the chance each
 * attack happens before it is lost to initiative (-6 or later), exactly (`chanceAttacksHappen`).
 */
export function roundWords(round: spelljammer.DeclaredRound): string {
  const modifier = initiativeModifier(round)
  const dice = diceOfRound(round)
  const happen = spelljammer.chanceAttacksHappen(modifier, dice.length)
  const attacks =
    round.attacks === 0
      ? `No attack: a d10 ${signed(modifier)} places your action`
      : `${round.attacks} ${round.attacks === 1 ? 'attack' : 'attacks'}: ${dice
          .map((d, i) => `d${d} ${signed(modifier)} (${chance(happen[i])} it happens)`)
          .join(', ')}`
  const lost = round.attackLosses.map((l) => `${l.label} (${-l.value})`)
  const def = round.defModifiers.filter((l) => l.label === 'No movement declared')
  // The defense declared: its DEF on every attack on them this round (Defending, Full, Desperate Defense).
  const defense = round.defModifiers.filter((l) => l.label !== 'No movement declared')
  const bonus = defense.reduce((n, l) => n + l.value, 0)
  const costs = [
    ...lost,
    ...def.map((l) => `${l.value} DEF and ${round.luckModifier} Luck`),
    ...round.scModifiers.map((l) => `${signed(l.value)} SC (${l.label.toLowerCase()})`),
    ...(defense.length > 0 ? [`+${bonus} DEF on every attack on you`] : []),
  ]
  return `${attacks}. Movement: ${round.movementAllowed}.${costs.length > 0 ? ` ${costs.join('; ')}.` : ''}`
}

/** The declaration's form and its checks, for the turn model. */
export const declarationRules: IntentRules & {
  defendOnly(): string[]
} = {
  check(f, intent) {
    const round = declaredRound(f, intent)
    if (!round.ok) return round
    // The choice of each group, in the form's order, as the declaration read them (`choicesOf`).
    const taken = choicesOf(intent)
    const chosen: string[] = taken.ok ? Object.values(taken.value) : []
    const options = chosen.filter((id) => id !== 'none' && id !== 'normal')
    return ok({ metersMoved: 0, weapon: intent.weapon, options })
  },
  fallback(f) {
    const sheet = readSheet(SHEET, f)
    return sheet.ok ? fallbackIntent(sheet.value) : { metersMoved: 0, weapon: null, options: [] }
  },
  weapons(f) {
    const sheet = readSheet(SHEET, f)
    if (!sheet.ok) return sheet
    return ok(sheet.value.weapons.map((w, i) => ({ id: String(i), label: w.name })))
  },
  words: { name: 'Action Declaration', button: 'Declare my action', forFoe: 'Declare for' },
  other: 'Something else: cast a spell, defend, move (no attack)',
  meters: false,
  options: () => [...DECLARATION_GROUPS],
  preview(f, intent) {
    const round = declaredRound(f, intent)
    return round.ok ? roundWords(round.value) : round.error
  },
  // A defense declared leaves its attacks as declareRound says; nobody is kept to defenses by movement.
  defendOnly: () => [],
}

/**
 * The room's facts of a declaration: its movement and its defense, as the attack rules read them
 * (`declaredMovement`, `declaredStance`).
 */
const MOVED = 'declared-movement:'
const TARGET_MOVED = 'target-declared-movement:'
const STANCE = 'declared-stance:'
const TARGET_STANCE = 'target-declared-stance:'

export function declarationFacts(attacker?: Intent, target?: Intent): string[] {
  // Only a movement other than the usual is said, and only a defense: the usual is what the rules assume.
  const said = (moved: string, stance: string, intent?: Intent) => {
    const d = intent ? roundDeclarationOf(intent) : null
    if (!d?.ok) return []
    const kind = d.value.stance.kind
    return [
      ...(d.value.movement !== 'normal' ? [`${moved}${d.value.movement}`] : []),
      ...(kind !== 'attack' ? [`${stance}${kind}`] : []),
    ]
  }
  return [...said(MOVED, STANCE, attacker), ...said(TARGET_MOVED, TARGET_STANCE, target)]
}

/** The defense the attacker (or the target) declared at the round's start, as the room said; null: none. */
export function declaredStance(round: readonly string[] | undefined, whose: 'attacker' | 'target') {
  const prefix = whose === 'attacker' ? STANCE : TARGET_STANCE
  return round?.find((f) => f.startsWith(prefix))?.slice(prefix.length) ?? null
}

/**
 * The declaration of the round under way; none for one caught completely by the ambush, who takes no part
 * in its round ("no attacks back").
 */
export const declarationOf = (turn: TurnState, id: string): Intent | undefined =>
  turn.round === 1 && (turn.surprised ?? []).includes(id) ? undefined : orderedRound(turn).intents?.[id]

/** The defense declared for the round under way (`declarationOf`), or null. */
export function stanceOfRound(turn: TurnState, id: string): string | null {
  const intent = declarationOf(turn, id)
  const d = intent ? roundDeclarationOf(intent) : null
  return d?.ok && d.value.stance.kind !== 'attack' ? d.value.stance.kind : null
}

export const LAST = 'last-attack'

/**
 * Attack and Move: the fact that this attack is the last of the attacker's round (no place of theirs is
 * left in the order), said only of one who declared attack and move; movement follows it.
 */
export function lastAttackFact(turn: TurnState, id: string): string[] {
  const intent = orderedRound(turn).intents?.[id]
  const d = intent ? roundDeclarationOf(intent) : null
  if (!d?.ok || d.value.movement !== 'attack-and-move') return []
  return turn.order.some((s, i) => i > turn.current && s.ids.includes(id)) ? [] : [LAST]
}

/** The movement the attacker (or the target) declared this round, as the room said; null: not said. */
export function declaredMovement(round: readonly string[] | undefined, whose: 'attacker' | 'target') {
  const prefix = whose === 'attacker' ? MOVED : TARGET_MOVED
  const fact = round?.find((f) => f.startsWith(prefix))
  return fact ? (fact.slice(prefix.length) as spelljammer.Movement) : null
}
