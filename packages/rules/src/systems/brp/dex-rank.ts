/** The combat round (5.1-5.4): its four phases, statement of intent, movement and action by DEX rank. */
import type { BreakdownLine, Outcome, PhaseInfo } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { weaponChance, weaponFor } from './attack.ts'
import { divideChance } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { Sheet } from './sheet.ts'
import { displayName, type WeaponLength } from './tables.ts'

/**
 * "A combat round consists of four phases. These always occur in the same order" (5.1): each as every
 * screen names it, with what it allows. Parries and dodges happen inside Actions.
 */
export const PHASES: readonly PhaseInfo[] = [
  {
    id: 'statement-of-intent',
    name: 'Statement of Intent',
    allows:
      'Each says how far they will move and what they will do, highest DEX first; nobody acts yet (5.2).',
  },
  { id: 'movement', name: 'Movement', allows: 'Those who stated a move make it; nobody attacks yet (5.3).' },
  {
    id: 'actions',
    name: 'Actions',
    allows:
      'Each acts on their DEX rank: one attack, First Aid or waking someone; parries and dodges come within the attack’s rank (5.4).',
  },
  {
    id: 'resolution',
    name: 'Resolution',
    allows: 'The round’s last attacks are answered; then anyone still at 0 hit points or less dies (5.12).',
  },
]

/** The farthest a character may move in a round, and only if they do nothing but parry or dodge (5.3). */
export const MAX_MOVE_METERS = 30

/** Where a character's movement leaves their DEX rank (5.3). */
export interface MovedRank {
  /** The rank they act on; null when they moved so far they may only parry or dodge. */
  readonly rank: number | null
  readonly lines: readonly BreakdownLine[]
}

/**
 * The DEX rank after moving (5.3): up to 5 meters, the full DEX; 6-15 meters, half; 16-29, a
 * quarter; around 30, no action but parries and dodges. Halves and quarters round per the room.
 */
export function rankAfterMoving(dex: number, meters: number, settings: BrpSettings): Outcome<MovedRank> {
  const rule = '5.3 Movement'
  if (!Number.isFinite(meters) || meters < 0) return fail('Movement must be a number of meters, 0 or more.')
  if (meters > MAX_MOVE_METERS)
    return fail(`A character can move at most about ${MAX_MOVE_METERS} meters in a combat round.`)
  const base: BreakdownLine = { label: 'DEX', value: dex, rule: '5.4 Actions' }
  if (meters <= 5) return ok({ rank: dex, lines: [base] })
  if (meters <= 15) {
    const rank = divideChance(dex, 2, settings)
    return ok({
      rank,
      lines: [base, { label: `Moved ${meters} m (6-15): half DEX rank`, value: rank - dex, rule }],
    })
  }
  if (meters < MAX_MOVE_METERS) {
    const rank = divideChance(dex, 4, settings)
    return ok({
      rank,
      lines: [base, { label: `Moved ${meters} m (16-29): quarter DEX rank`, value: rank - dex, rule }],
    })
  }
  return ok({
    rank: null,
    lines: [base, { label: `Moved ${meters} m: only parries and dodges this round`, value: -dex, rule }],
  })
}

/** The tie-break tiers of 5.4: missile, then long, medium, and short weapons or unarmed; anything else last. */
export type ActionTier = WeaponLength | 'other'

const TIER_ORDER: Record<ActionTier, number> = {
  missile: 0,
  long: 1,
  medium: 2,
  short: 3,
  unarmed: 3,
  other: 4,
}

/** One character's declared action for the round. */
export interface Intent {
  readonly id: string
  readonly sheet: Sheet
  /** Meters moved in the Movement phase. */
  readonly metersMoved?: number
  /** The weapon row attacked with; absent for any other action (First Aid, reloading, ...). */
  readonly weapon?: string
  /** The relevant skill for a non-weapon action, to break ties ("use the relevant skill", 5.2). */
  readonly skill?: number
}

/** Everyone who acts at one moment: one character, or several acting simultaneously. */
export interface ActionSlot {
  readonly rank: number
  readonly tier: ActionTier
  readonly skill: number
  readonly ids: readonly string[]
  /** Per character, why they act here. */
  readonly lines: Readonly<Record<string, readonly BreakdownLine[]>>
}

/**
 * The order of the Actions phase (5.4, 5.2): by DEX rank after movement, highest first; a tie goes to
 * missile weapons, then long, medium, short or unarmed; then the higher skill; then simultaneous.
 * Characters who moved around 30 meters act only to parry or dodge and are listed in `defendOnly`.
 */
export function actionOrder(
  intents: readonly Intent[],
  settings: BrpSettings,
): Outcome<{ slots: ActionSlot[]; defendOnly: string[] }> {
  const entries: Array<{
    id: string
    rank: number
    tier: ActionTier
    skill: number
    lines: BreakdownLine[]
  }> = []
  const defendOnly: string[] = []
  const ids = new Set<string>()
  for (const intent of intents) {
    if (ids.has(intent.id)) throw new Error(`${intent.id} declared two actions in one round`)
    ids.add(intent.id)
    const moved = rankAfterMoving(intent.sheet.dex, intent.metersMoved ?? 0, settings)
    if (!moved.ok) return fail(`${intent.sheet.name}: ${moved.error}`)
    if (moved.value.rank === null) {
      defendOnly.push(intent.id)
      continue
    }
    const lines = [...moved.value.lines]
    let tier: ActionTier = 'other'
    let skill = intent.skill ?? 0
    if (intent.weapon !== undefined) {
      const weapon = weaponFor(intent.sheet, intent.weapon)
      if (!weapon.ok) return fail(weapon.error)
      tier = weapon.value.length
      skill = weaponChance(intent.sheet, weapon.value, settings).value
      lines.push({
        label: `${displayName(weapon.value)}: ${tier} weapon`,
        value: TIER_ORDER[tier],
        rule: '5.4 Actions',
      })
    }
    lines.push({ label: 'Skill (for ties)', value: skill, rule: '5.2 Statement of Intent' })
    entries.push({ id: intent.id, rank: moved.value.rank, tier, skill, lines })
  }
  entries.sort((a, b) => b.rank - a.rank || TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.skill - a.skill)
  const slots: ActionSlot[] = []
  for (const e of entries) {
    const last = slots[slots.length - 1]
    if (
      last &&
      last.rank === e.rank &&
      TIER_ORDER[last.tier] === TIER_ORDER[e.tier] &&
      last.skill === e.skill
    ) {
      slots[slots.length - 1] = {
        ...last,
        ids: [...last.ids, e.id],
        lines: { ...last.lines, [e.id]: e.lines },
      }
    } else slots.push({ rank: e.rank, tier: e.tier, skill: e.skill, ids: [e.id], lines: { [e.id]: e.lines } })
  }
  return ok({ slots, defendOnly })
}

/**
 * The order of Statement of Intent (5.2): by DEX characteristic, highest to lowest, so the slower
 * declare knowing what the quicker intend. Equal DEX state together, as one group.
 */
export function statementOrder(combatants: ReadonlyArray<{ id: string; dex: number }>): string[][] {
  const byDex = [...combatants].sort((a, b) => b.dex - a.dex)
  const groups: Array<{ dex: number; ids: string[] }> = []
  for (const c of byDex) {
    const last = groups[groups.length - 1]
    if (last && last.dex === c.dex) last.ids.push(c.id)
    else groups.push({ dex: c.dex, ids: [c.id] })
  }
  return groups.map((g) => g.ids)
}
