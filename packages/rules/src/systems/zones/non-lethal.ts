/** Non-lethal attacks (disarm, shove, grapple) and keeping hold; their rolls and counters: rolls.ts. */
import { type BreakdownLine, fail, type Outcome } from '../../system.ts'
import { line, RULE, unreachable } from './common.ts'
import type { Sheet } from './sheet.ts'
import { shoveDistance, sizeSteps } from './size.ts'

export type NonLethalKind = 'disarm' | 'shove' | 'grapple'

export const NON_LETHAL: ReadonlyArray<{ kind: NonLethalKind; label: string; effect: string }> = [
  {
    kind: 'disarm',
    label: 'Disarm',
    effect: 'STR save or drop a weapon you choose; with a free hand you can grab it.',
  },
  { kind: 'shove', label: 'Shove', effect: 'STR save or be pushed half a zone, maybe into a hazard.' },
  { kind: 'grapple', label: 'Grapple', effect: "STR save or be grabbed: a grabbed character can't act." },
]

export interface NonLethalPlan {
  kind: NonLethalKind
  /** Smaller targets can't resist a larger attacker with a STR save (they can still dodge or counter). */
  saveAllowed: boolean
  /** Zones a successful shove moves the target. */
  shoveZones: number | null
  /** A larger shover also inflicts d4 direct damage. */
  shoveDamage: { count: number; sides: number } | null
  /** A larger grabber needs only one hand and may do anything else while keeping hold. */
  grabberLarger: boolean
  breakdown: BreakdownLine[]
}

/**
 * Checks a disarm, shove or grapple: the target must be nearby, and a smaller character can't disarm,
 * shove or grab a larger one. Against a smaller target no STR save is allowed.
 */
export function planNonLethal(input: {
  kind: NonLethalKind
  attacker: Pick<Sheet, 'size'>
  target: Pick<Sheet, 'size' | 'name'>
  nearby: boolean
}): Outcome<NonLethalPlan> {
  const { kind, attacker, target } = input
  const who = target.name || 'The target'
  if (!input.nearby) return fail(`${who} is not nearby: ${kind} only targets a nearby character.`)
  const steps = sizeSteps(attacker.size, target.size)
  if (steps < 0) return fail(`Larger characters can't be disarmed, shoved or grabbed by smaller characters.`)
  const breakdown: BreakdownLine[] = []
  if (steps > 0) breakdown.push(line(`Larger by ${steps}: no STR save to resist`, steps, RULE.size))
  let shoveZones: number | null = null
  let shoveDamage: NonLethalPlan['shoveDamage'] = null
  if (kind === 'shove') {
    shoveZones = shoveDistance(attacker.size, target.size)
    breakdown.push(line('Shove distance (zones)', shoveZones, steps > 0 ? RULE.size : RULE.nonLethal))
    if (steps > 0) {
      shoveDamage = { count: 1, sides: 4 }
      breakdown.push(line('Larger shover: d4 direct damage', 4, RULE.size))
    }
  }
  return {
    ok: true,
    value: { kind, saveAllowed: steps === 0, shoveZones, shoveDamage, grabberLarger: steps > 0, breakdown },
  }
}

export type GrabberAction =
  | 'move'
  | 'disarm-grabbed'
  | 'hide-behind-grabbed'
  | 'attack-one-handed'
  | 'attack-unarmed'
  | 'attack-great-weapon'
  | 'other'

/**
 * Whether the grabber keeps hold through an action: moving together, disarming the grabbed, hiding
 * behind them, or attacking one-handed or unarmed; any other action frees them, unless the grabber is
 * larger (one hand suffices and they can do anything else).
 */
export function keepsHold(action: GrabberAction, grabberLarger: boolean): boolean {
  if (grabberLarger) return true
  switch (action) {
    case 'move':
    case 'disarm-grabbed':
    case 'hide-behind-grabbed':
    case 'attack-one-handed':
    case 'attack-unarmed':
      return true
    case 'attack-great-weapon':
    case 'other':
      return false
    default:
      return unreachable(action)
  }
}
