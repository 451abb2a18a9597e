/** The situational modifiers an osr attack can toggle, each with its effect in words and the rule it comes from. */
import type { ModifierToggle } from '../../system.ts'

const concealment = <K extends 'concealed' | 'cover', P extends 25 | 50 | 75 | 90>(
  kind: K,
  percent: P,
  penalty: number,
) => ({
  id: `${kind}-${percent}` as const,
  label: `${percent}% ${kind === 'cover' ? 'cover' : 'concealed'}`,
  effect: `${penalty} to hit`,
  rule: 'Cover and Concealment (17.0.8)',
})

/**
 * Every toggle, in the order a form shows them. The ids are what a request carries; the resolver reads
 * the numbers from the rules, so the words here are for people.
 */
export const ATTACK_MODIFIERS = [
  {
    id: 'charge',
    often: true,
    label: 'Charging',
    effect:
      '+2 to hit, double damage on a hit, -2 AC for the rest of the round; a straight, clear run of 10 ft up to double movement, the target in sight at the start, with a spear, lance or pole arm',
    rule: 'Charge (17.0.1.8)',
  },
  {
    id: 'set-vs-charge',
    label: 'Set against the charge',
    effect:
      'Double damage against a charging creature; needs equal or better initiative; both strike on the charger’s number',
    rule: 'Set Weapon Against Charge (17.0.1.9)',
  },
  {
    id: 'parting-shot',
    label: 'Parting shot',
    effect:
      '+2 to hit an adjacent opponent who turns their back to move away; allowed even after all attacks, one attack mode only',
    rule: 'Defensive Movement and Attacks of Opportunity (17.0.2)',
  },
  {
    id: 'then-move-away',
    label: 'Then turn your back and move away',
    effect:
      'After the blow, walk the rest of your movement away: each opponent within 5 ft with a ready weapon gets a parting shot at +2 (the GM says who)',
    rule: 'Defensive Movement and Attacks of Opportunity (17.0.2)',
  },
  {
    id: 'from-behind',
    often: true,
    label: 'From behind',
    effect: '+2 to hit; does not combine with Sneak Attack',
    rule: 'Attacking from Behind (17.0.5)',
  },
  {
    id: 'sneak-attack',
    label: 'Sneak Attack',
    effect: 'Use the Sneak Attack ability; the +2 from behind does not add to it',
    rule: 'Attacking from Behind (17.0.5)',
  },
  {
    id: 'flanking',
    often: true,
    label: 'Flanking',
    effect: '+1 on melee attacks',
    rule: 'Flanking (17.0.6)',
  },
  { id: 'short-range', label: 'Short range', effect: '+1 to hit', rule: 'Ranged Attack (17.0.7)' },
  { id: 'medium-range', label: 'Medium range', effect: 'No modifier', rule: 'Ranged Attack (17.0.7)' },
  { id: 'long-range', label: 'Long range', effect: '-2 to hit', rule: 'Ranged Attack (17.0.7)' },
  {
    id: 'beyond-range',
    label: 'Beyond long range',
    effect: 'Out of range: cannot be hit',
    rule: 'Ranged Attack (17.0.7)',
  },
  {
    id: 'target-engaged',
    often: true,
    label: 'Target within 5 ft',
    effect: '-5 to hit with a missile weapon against a target engaged with you',
    rule: 'Ranged Attack (17.0.7)',
  },
  {
    id: 'target-unaware',
    label: 'Target unaware',
    effect: 'Against a target within 5 ft: no -5; +1 for short range and +2 from behind instead',
    rule: 'Ranged Attack (17.0.7)',
  },
  concealment('concealed', 25, -1),
  concealment('concealed', 50, -2),
  concealment('concealed', 75, -3),
  concealment('concealed', 90, -4),
  concealment('cover', 25, -1),
  concealment('cover', 50, -2),
  concealment('cover', 75, -3),
  concealment('cover', 90, -4),
  {
    id: 'two-weapon-primary',
    label: 'Two weapons: primary',
    effect: '-2 to hit; the other weapon must be smaller',
    rule: 'Two-weapon style (17.0.14)',
  },
  {
    id: 'two-weapon-secondary',
    label: 'Two weapons: secondary',
    effect: '-5 to hit; this weapon must be the smaller one',
    rule: 'Two-weapon style (17.0.14)',
  },
  {
    id: 'non-lethal',
    label: 'Flat of the blade',
    effect: '-4 to hit, half damage (rounded down, at least 1), non-lethal',
    rule: 'Non-Lethal attacks or Subdual Damage (17.0.16)',
  },
  {
    id: 'punch',
    label: 'Punch',
    effect:
      '1d3 + STR non-lethal damage; against metal armor without metal armor of your own, you take the damage',
    rule: 'Brawling (17.0.17)',
  },
  {
    id: 'kick',
    label: 'Kick',
    effect:
      '-2 to hit, 1d4 non-lethal damage; against metal armor without metal armor of your own, you take the damage',
    rule: 'Brawling (17.0.17)',
  },
  {
    id: 'grapple',
    label: 'Grapple',
    effect:
      'Touch attack (attack bonus + STR or DEX): on a hit you grab the target, then both make grapple checks',
    rule: 'Grappling / Wrestling (17.0.18)',
  },
  {
    id: 'oil-fuse',
    label: 'Lit with a fuse or wick',
    effect:
      'all within 5 ft of the impact take 1d6 splash (a save vs Death Ray avoids it), the one hit directly with no save; unticked, the oil is lit on impact by a torch or flame',
    rule: 'Oil (17.0.10)',
  },
  {
    id: 'into-melee',
    label: 'Into a melee with allies',
    effect:
      'a miss may hit one of them: the GM taps who could be hit, and the room rolls the shot against each in turn until one is hit',
    rule: 'Missiles That Miss (17.0.12)',
  },
] as const satisfies ReadonlyArray<ModifierToggle>

/** One of the attack toggles a request may carry. */
export type ToggleId = (typeof ATTACK_MODIFIERS)[number]['id']

/** Every toggle's id, in the form's order. */
export const TOGGLE_IDS: ReadonlyArray<ToggleId> = ATTACK_MODIFIERS.map((m) => m.id)

export const isToggleId = (id: string): id is ToggleId => (TOGGLE_IDS as ReadonlyArray<string>).includes(id)
