/** Every situational modifier of a zones attack, as a named toggle with its effect and its rule. */
import type { ModifierToggle } from '../../system.ts'
import { RULE } from './common.ts'

export const TOGGLE_IDS = [
  'target-not-visible',
  'attacker-moving',
  'beyond-half-range',
  'cover',
  'cover-penetrated',
  'barrier',
  'held-back',
  'death-blow',
  'target-unaware',
  'target-grabbed',
  'concealed-attacker',
  'mounted',
  'sprint',
  'stunt',
  'sneaking',
  'out-of-sight',
  'distraction',
  'mount-moving',
  'fleeing-faster',
  'pursuers-faster',
] as const
export type ToggleId = (typeof TOGGLE_IDS)[number]

/** The switches an attack offers, in the order a form shows them. */
export const ATTACK_MODIFIERS: ReadonlyArray<ModifierToggle & { id: ToggleId }> = [
  {
    id: 'target-not-visible',
    label: 'Target not visible',
    effect: 'Melee: a WIT save is needed to hit. Ranged: impossible.',
    rule: RULE.attacking,
  },
  {
    id: 'attacker-moving',
    label: 'Shooting while moving',
    effect: 'Ranged: a WIT save is needed to hit; impossible beyond half range.',
    rule: RULE.attacking,
  },
  {
    id: 'beyond-half-range',
    often: true,
    label: 'Beyond half range',
    effect: 'Ranged: a WIT save is needed to hit (worked out from the distance when it is known).',
    rule: RULE.attacking,
  },
  {
    id: 'cover',
    often: true,
    label: 'Target in cover',
    effect: '+1 armour value (never above 3).',
    rule: RULE.cover,
  },
  {
    id: 'cover-penetrated',
    label: 'Penetrates cover',
    effect: 'The attack is powerful enough to go through the cover: no +1 armour.',
    rule: RULE.cover,
  },
  {
    id: 'barrier',
    label: 'Target behind a barrier',
    effect: 'The attack is completely blocked (a character peeking out to attack only has cover).',
    rule: RULE.cover,
  },
  {
    id: 'held-back',
    label: 'Hold back',
    effect: 'Impaired damage instead of the weapon damage.',
    rule: RULE.attacking,
  },
  {
    id: 'death-blow',
    label: 'Death blow',
    effect: 'Kills a nearby incapacitated target outright.',
    rule: RULE.attacking,
  },
  {
    id: 'target-unaware',
    often: true,
    label: 'Target unaware',
    effect: "The target can't react.",
    rule: RULE.reacting,
  },
  {
    id: 'target-grabbed',
    label: 'Target grabbed',
    effect: "A grabbed target can't act, so it can't react.",
    rule: RULE.nonLethal,
  },
  {
    id: 'concealed-attacker',
    label: 'From concealment',
    effect: "The target is taken by surprise and can't react; attacking reveals the attacker.",
    rule: RULE.sneaking,
  },
  {
    id: 'mounted',
    label: 'From a mount or vehicle',
    effect:
      "Attacks by riders and passengers are impaired; if the mount or vehicle moves at full speed this turn, riders and passengers can't act or react.",
    rule: RULE.mounts,
  },
  {
    id: 'sprint',
    label: 'Sprinting',
    effect: 'Speed doubles for the whole turn: 4 zones, or 2 with the actions.',
    rule: RULE.turn,
  },
  {
    id: 'stunt',
    label: 'Propose a stunt',
    effect:
      'Say an effect instead of damage (cut a limb, force a surrender...): it must make sense and the GM approve it; the target accepts it (no damage, no reaction) or takes the attack as normal.',
    rule: RULE.stunts,
  },
  {
    id: 'sneaking',
    label: 'Sneaking',
    effect:
      'Moving without being seen: a concealed character stays concealed (moving without sneaking reveals).',
    rule: RULE.sneaking,
  },
  {
    id: 'out-of-sight',
    label: 'Out of sight for a while',
    effect: 'One way to hide again later in a fight.',
    rule: RULE.sneaking,
  },
  {
    id: 'distraction',
    label: 'A major distraction',
    effect: 'The other way to hide again later in a fight.',
    rule: RULE.sneaking,
  },
  {
    id: 'mount-moving',
    label: 'Getting on or off a moving mount',
    effect: 'An AGI save to avoid falling, which does d4 direct damage.',
    rule: RULE.mounts,
  },
  {
    id: 'fleeing-faster',
    label: 'Faster than the pursuers',
    effect: 'Moving faster or keeping the speed for longer: escapes with no save.',
    rule: RULE.chases,
  },
  {
    id: 'pursuers-faster',
    label: 'The pursuers are faster',
    effect: 'Escaping is impossible.',
    rule: RULE.chases,
  },
]
