/** Every situational modifier an odnd attack can toggle, with its effect in words and the rule it comes from. */
import type { ModifierToggle } from '../../system.ts'

const defineToggles = <const T extends ReadonlyArray<ModifierToggle & { id: string }>>(toggles: T) => toggles

/** The toggles, in the order the text gives them. Ids are stable: requests and the log store them. */
export const ATTACK_MODIFIERS = defineToggles([
  {
    id: 'swashbuckler',
    label: 'Swashbuckler',
    effect: 'DEX bonus instead of STR to hit and to damage (fighter types in light armor, one-handed weapon)',
    rule: 'Melee Attack; Melee Damage: swashbuckler types',
  },
  { id: 'short-range', label: 'Short range', effect: '+1 to hit (missiles)', rule: 'Ranged Attack' },
  { id: 'long-range', label: 'Long range', effect: '-1 to hit (missiles)', rule: 'Ranged Attack' },
  {
    id: 'defender-stationary',
    label: 'Target stationary',
    effect: 'the target gets no DEX bonus to AC (not in combat, not moving, not dodging)',
    rule: 'COMBAT: DEX bonuses',
  },
  {
    id: 'withdrawing',
    label: 'Fighting withdrawal (attacker)',
    effect: '-2 to hit while backing out at half speed',
    rule: 'Fighting Withdrawal',
  },
  {
    id: 'defender-withdrawing',
    label: 'Target withdrawing',
    effect: 'the target gets +2 to its defense (AC 2 better)',
    rule: 'Fighting Withdrawal',
  },
  {
    id: 'parting-shot',
    label: 'Parting shot',
    effect: '+2 to hit; the fleeing target gets no shield',
    rule: 'Retreat',
  },
  {
    id: 'pursuing',
    label: 'Attacking a fleeing foe',
    effect: '+2 to hit each round until the one fleeing turns and re-engages',
    rule: 'Retreat',
  },
  {
    id: 'attacker-mounted',
    label: 'Attacker mounted',
    effect: '+1 to hit an unmounted foe (cancelled when the foe uses a polearm or long spear)',
    rule: 'Mounted',
  },
  {
    id: 'defender-mounted',
    label: 'Target mounted',
    effect: '-1 to hit from foot (cancelled with a polearm or long spear)',
    rule: 'Mounted',
  },
  { id: 'high-ground', label: 'High ground', effect: '+1 to hit', rule: 'High Ground' },
  { id: 'low-ground', label: 'Low ground', effect: '-1 to hit', rule: 'High Ground' },
  {
    id: 'surrounding',
    label: 'More than 2 attacking the target',
    effect: '+1 to hit until the target gets its back to a wall',
    rule: 'Surrounding',
  },
  {
    id: 'shield-engaged',
    label: 'Target shield already used',
    effect: 'the target gets no shield: it already faces 2 other attackers',
    rule: 'Surrounding: "A shield may only be used against 2 attackers"',
  },
  {
    id: 'flanking',
    often: true,
    label: 'Flanking',
    effect: '+1 to hit; the target gets no shield and no DEX bonus to AC',
    rule: 'Flanking',
  },
  {
    id: 'from-behind',
    often: true,
    label: 'From behind or by surprise',
    effect: '+2 to hit; the target gets no shield and no DEX bonus, and cannot return the attack this round',
    rule: 'Attacking From Behind; Surprise Attacks',
  },
  {
    id: 'behind-second-round',
    label: 'Round after attacking from behind',
    effect: 'attack with Advantage (the target has its shield and DEX again)',
    rule: 'Attacking From Behind',
  },
  {
    id: 'surprised-second-round',
    label: 'Round after being attacked from behind',
    effect: 'attack with Disadvantage',
    rule: 'Attacking From Behind',
  },
  {
    id: 'backstab',
    label: 'Backstab',
    effect: 'a surprise attack; only the first attack of the round keeps the thief bonuses',
    rule: 'Backstab',
  },
  {
    id: 'florentine',
    label: 'Florentine (two weapons)',
    effect: 'attack with Advantage',
    rule: 'Florentine fighting',
  },
  {
    id: 'defender-florentine',
    label: 'Target fights Florentine',
    effect: 'the target gets +1 to AC against melee',
    rule: 'Florentine fighting',
  },
  {
    id: 'charging',
    often: true,
    label: 'Charging',
    effect: '+2 to hit and double damage on the first attack; no DEX bonus to the attack',
    rule: 'CHARGING ATTACKS',
  },
  {
    id: 'defender-charging',
    label: 'Target is charging',
    effect: 'the target gets no DEX bonus to AC',
    rule: 'CHARGING ATTACKS',
  },
  {
    id: 'set-spear',
    label: 'Spear set against the charge',
    effect: '+2 to hit and double damage',
    rule: 'CHARGING ATTACKS: set spears',
  },
  {
    id: 'defender-parrying',
    label: 'Target parrying',
    effect: 'the target gets +2 to its defense this round',
    rule: 'Parry',
  },
  {
    id: 'into-melee',
    often: true,
    label: 'Firing into melee',
    effect: 'elves (bows, javelins) and hobbits (slings) risk no friends; for others the GM rules the risk',
    rule: 'Elves can also fire into melee without risk of hitting friendly forces',
  },
  { id: 'cover-25', often: true, label: '25% cover', effect: '-2 to hit', rule: 'Cover' },
  { id: 'cover-50', label: '50% cover', effect: '-4 to hit', rule: 'Cover' },
  { id: 'cover-75', label: '75% cover', effect: '-6 to hit', rule: 'Cover' },
])

export type ToggleId = (typeof ATTACK_MODIFIERS)[number]['id']

/** The toggles a declaration sets; `attacker-mounted` and `defender-mounted` default to the sheets. */
export type Toggles = Partial<Record<ToggleId, boolean>>

const BY_ID = new Map<string, ModifierToggle>(ATTACK_MODIFIERS.map((t) => [t.id, t]))

/** The toggle's metadata; an unknown id is a bug in the caller (requests are validated first). */
export function toggle(id: ToggleId): ModifierToggle {
  const t = BY_ID.get(id)
  if (!t) throw new Error(`unknown toggle ${id}`)
  return t
}
