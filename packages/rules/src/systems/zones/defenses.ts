/**
 * zones' reactions to an attack (dodge, counter, hide behind, a guard, a stunt accepted) and their odds:
 * the room's and resolving's, not a screen's.
 */
import { IDLE_TURN } from '../../engine/turn.ts'
import type { DefenseOption, Fighter, TableView } from '../../engine/types.ts'
import { percent } from '../../engine/words.ts'
import {
  type Counter,
  choiceLabel,
  choiceLabelOf,
  choiceList,
  closedToReactions,
  counters,
  damageWords,
  declare,
  fells,
  has,
  NO_REACTION,
  noReactionWhy,
  opportunities,
  type Planned,
  previewOf,
  sheetFor,
  stateOf,
  stilled,
} from './combat.ts'
import * as zones from './rules.ts'
import { zonesRound } from './turn-view.ts'

/**
 * The target's reactions: dodge, a counter with each of their attacks, hiding behind someone; and a
 * nearby ally guarding them, which is the ally's reaction and so stays open when the target can't react.
 */
export function defenseList(
  p: Planned,
  attacker: Fighter,
  target: Fighter,
  view?: TableView,
): DefenseOption[] {
  if (p.kind === 'move-away') return opportunities(p, attacker, target, view)
  // Without the table in view, nobody else is known to guard or to hide behind.
  const reactions = closedToReactions(p, target)
    ? []
    : namedDefenses(p, attacker, target, view ?? { turn: IDLE_TURN, fighters: [attacker, target] })
  if (!stunted(p)) return reactions
  // "The target can either accept the proposed effect or resolve the attack as normal."
  const accept: DefenseOption = {
    id: ACCEPT_STUNT,
    label: 'Accept the stunt',
    chance: null,
    effect: `No damage (${damageWords(p.plan.damage)} avoided): the effect ${attacker.name} proposed applies, as the GM approved it; no reaction is possible.`,
  }
  return [accept, ...(reactions.length > 0 ? reactions : [NO_REACTION])]
}

/** The answer that accepts the stunt proposed instead of damage ("Attack stunts"). */
export const ACCEPT_STUNT = 'accept-stunt'

/** An attack with a stunt proposed ("Attack stunts"): not a death blow, which has no damage to trade. */
const stunted = (p: Planned): p is Extract<Planned, { kind: 'strike' }> =>
  p.kind === 'strike' && !p.plan.deathBlow && p.toggles.includes('stunt')

/** What this attack would do to another character it is turned on (a guard, one hidden behind), in words. */
function turnedOn(p: Planned, attacker: Fighter, other: Fighter, view: TableView): string {
  const q = declare(attacker, other, { choice: p.choice.id, toggles: p.toggles }, view)
  // A clause inside the option's sentence: the sentence ends it, not the summary's own full stop.
  const clause = (text: string) => text.replace(/\.$/, '')
  if (!q.ok) return clause(q.error)
  if (q.value.kind === 'strike') return `${damageWords(q.value.plan.damage)} for ${other.name}`
  return clause(previewOf(q.value).summary)
}

/** Whether this fighter may react now: the round's own record where a round runs ("Reacting to an attack"). */
function mayReact(f: Fighter, view: TableView): boolean {
  const st = stateOf(f)
  if (st.down || st.grabbedBy || stilled(f, view.fighters)) return false
  const round = view.turn.status === 'running' ? zonesRound(view.turn) : undefined
  if (round?.characters[f.id]) return zones.canReact(round, f.id).ok
  return !has(st, 'acted') && !has(st, 'reacted')
}

/**
 * The target's reactions with the table in view: dodge, counters, hiding behind a named nearby ally or
 * an enemy they are grabbing (who may dodge in turn if they can still react), and each ally who can
 * guard them ("Guarding": the ally's own reaction, open even when the target cannot react).
 */
function namedDefenses(p: Planned, attacker: Fighter, target: Fighter, view: TableView): DefenseOption[] {
  const others = view.fighters.filter((f) => f.id !== target.id && f.id !== attacker.id && !stateOf(f).down)
  const allies = others.filter((f) => f.side === target.side)
  const guards = allies.filter((f) => mayReact(f, view))
  const guarding = guards.map(
    (g): DefenseOption => ({
      id: `guard:${g.id}`,
      label: `${g.name} guards you (nearby)`,
      chance: null,
      effect: `${g.name} becomes the target instead of you and, having reacted, can't dodge or counter it: ${turnedOn(p, attacker, g, view)}. It spends ${g.name}'s turn.`,
    }),
  )
  if (noReactionWhy(p, target, view)) return guarding.length > 0 ? [...guarding, NO_REACTION] : []
  const grabbed = others.filter((f) => f.side !== target.side && stateOf(f).grabbedBy === target.id)
  const hiding = [...allies, ...grabbed].flatMap((h): DefenseOption[] => {
    const hide = {
      id: `hide:${h.id}`,
      label: `Hide behind ${h.name} (nearby)`,
      chance: null,
      effect: `You swap places; ${h.name} takes the attack: ${turnedOn(p, attacker, h, view)}.`,
    }
    if (!mayReact(h, view)) return [hide]
    const sheet = sheetFor(h)
    const dodge = zones.saveChance(sheet.ok ? sheet.value.agi : 10).probability
    // "They can perform their own reaction if they haven't taken their turn yet": a dodge, or a counter
    // with each of their attacks that reaches the attacker.
    const onThem = declare(attacker, h, { choice: p.choice.id, toggles: p.toggles }, view)
    const countering = (onThem.ok ? counters(onThem.value, h) : []).map((c): DefenseOption => {
      const odds = onThem.ok ? counterOdds(onThem.value, attacker, c, h.name) : { chance: 0, effect: '' }
      return {
        id: `hide:${h.id}:${c.id}`,
        label: `Hide behind ${h.name}, who counters: ${choiceLabel(h, c.choice)}`,
        chance: odds.chance,
        effect: `${h.name} has not taken their turn, so may react: ${odds.effect} It spends ${h.name}'s turn.`,
      }
    })
    return [
      hide,
      {
        id: `hide:${h.id}:dodge`,
        label: `Hide behind ${h.name}, who dodges`,
        chance: dodge,
        effect: `${h.name} has not taken their turn, so may react: an AGI save (${percent(dodge)}) and the attack misses. It spends ${h.name}'s turn.`,
      },
      ...countering,
    ]
  })
  const dodge = zones.saveChance(p.t.agi).probability
  return [
    {
      id: 'dodge',
      label: 'Dodge',
      chance: dodge,
      effect: `AGI save, ${p.t.agi} or under on a d20 (${percent(dodge)}): the attack misses.`,
    },
    ...counters(p, target).map((c) => ({
      id: c.id,
      label: `Counter: ${choiceLabel(target, c.choice)}`,
      ...counterOdds(p, attacker, c),
    })),
    ...nonLethalCounters(p, target).map((c) => ({
      id: c.id,
      label: `Counter: ${choiceLabelOf(c.kind)}`,
      ...nonLethalCounterOdds(p, attacker, target, c),
    })),
    ...hiding,
    ...guarding,
    NO_REACTION,
  ]
}

/** Who is hit first in a counter, of the attacker and the counterer, or both together. */
export interface FirstHit {
  attackerFirst: zones.Chance
  countererFirst: zones.Chance
  together: zones.Chance
}

/** Who is hit first, from the attack's damage to the counterer and the counter's to the attacker. */
function firstHit(dmg: zones.DamageOdds, c: zones.DamageOdds): FirstHit {
  // attackerFirst: the counter's damage to the attacker exceeds the attack's damage to the counterer.
  let more = 0
  let equal = 0
  c.ways.forEach((wc, vc) => {
    dmg.ways.forEach((wa, va) => {
      if (vc > va) more += wc * wa
      else if (vc === va) equal += wc * wa
    })
  })
  const total = c.outOf * dmg.outOf
  return {
    attackerFirst: zones.chance(more, total),
    together: zones.chance(equal, total),
    countererFirst: zones.chance(total - more - equal, total),
  }
}

/**
 * Counters' odds worked out before, by what both damages count (dice, halvings, armour): a defender's
 * prompt offers a counter with each of their attacks at every attack, and the pairs at a table are few.
 */
const firstHits = new Map<string, FirstHit>()
const MAX_KEPT_FIRST_HITS = 256

/** A counter's odds: who is hit first, by the attack's damage to the counterer and the counter's to the attacker. */
export function whoIsHitFirst(attack: zones.DamageSpec, counter: zones.DamageSpec): FirstHit {
  const key = `${zones.damageKey(attack)} ${zones.damageKey(counter)}`
  let odds = firstHits.get(key)
  if (!odds) {
    odds = firstHit(zones.damageOdds(attack), zones.damageOdds(counter))
    if (firstHits.size >= MAX_KEPT_FIRST_HITS) firstHits.clear()
    firstHits.set(key, odds)
  }
  return odds
}

/**
 * A counter's chance: against a damaging attack, that the attacker is hit first (whoever suffers more
 * after armour is hit first); against a non-lethal one, which resolves last, that the counter takes
 * the attacker to 0 health and stops it.
 */
function counterOdds(
  p: Planned,
  attacker: Fighter,
  c: Counter,
  who?: string,
): { chance: number; effect: string } {
  const dice = zones.formatDamage(c.plan.damage.dice)
  // The counterer: the target ("you"), or the one they hide behind, named.
  if (p.kind === 'strike') {
    const odds = whoIsHitFirst(p.plan.damage, c.plan.damage)
    const first = odds.attackerFirst.probability
    const together = odds.together.probability
    return {
      chance: first,
      effect: `${who ? `${who} strikes` : 'Strike'} back with ${dice} as they roll damage; whoever suffers more after armour is hit first. ${who ? `${who} hits` : 'You hit'} first ${percent(first)}, both together ${percent(together)}.`,
    }
  }
  // "the non-lethal attack is resolved last": the counter lands first.
  const what = p.kind === 'non-lethal' ? choiceLabelOf(p.plan.kind).toLowerCase() : 'attempt'
  const stops = fells(c.plan.damage, attacker.hp)
  return {
    chance: stops,
    effect: `${who ? `${who}'s` : 'Your'} ${dice} lands before the ${what}, and stops it if it takes them to 0 health (${percent(stops)}).`,
  }
}

export interface NonLethalCounter {
  id: string
  kind: zones.NonLethalKind
  plan: zones.NonLethalPlan
}

/**
 * The target's disarm, shove and grapple that can answer a nearby attack ("They can be dodged and
 * countered and can be used to counter"); a smaller one can't disarm, shove or grab a larger attacker.
 */
export function nonLethalCounters(p: Planned, target: Fighter): NonLethalCounter[] {
  const nearby = p.kind === 'non-lethal' || (p.kind === 'strike' && p.plan.kind === 'melee')
  if (!nearby) return []
  return choiceList(target, p.t).flatMap((choice): NonLethalCounter[] => {
    if (choice.kind !== 'non-lethal') return []
    const kind = choice.id as zones.NonLethalKind
    const plan = zones.planNonLethal({ kind, attacker: p.t, target: p.a, nearby: true })
    return plan.ok ? [{ id: `counter:${kind}`, kind, plan: plan.value }] : []
  })
}

/**
 * A non-lethal counter's chance: that it takes effect, resolved last ("If a normal attack is countered
 * by a non-lethal attack, or viceversa, the non-lethal attack is resolved last. If a non-lethal attack
 * is countered by a non-lethal attack, the counter is resolved last"), so only if the counterer is
 * still up after a damaging blow.
 */
function nonLethalCounterOdds(p: Planned, attacker: Fighter, target: Fighter, c: NonLethalCounter) {
  const what = choiceLabelOf(c.kind).toLowerCase()
  const takes = zones.nonLethalOdds(c.plan, p.a.str).takesEffect.probability
  const save = c.plan.saveAllowed ? `unless ${attacker.name} passes a STR save` : 'with no STR save for them'
  if (p.kind !== 'strike') {
    return {
      chance: takes,
      effect: `Resolved last, after ${attacker.name}'s ${p.kind === 'non-lethal' ? choiceLabelOf(p.plan.kind).toLowerCase() : 'attempt'}: your ${what} takes effect ${save} (${percent(takes)}).`,
    }
  }
  const up = 1 - fells(p.plan.damage, target.hp)
  return {
    chance: up * takes,
    effect: `${attacker.name}'s blow lands first (${damageWords(p.plan.damage)}); still up (${percent(up)}), your ${what} then takes effect ${save}: ${percent(up * takes)}.`,
  }
}
