/** Sneaking in combat: who is concealed, what reveals them, and hiding again. */

/** Actions the text lists as revealing a concealed character (making noise or becoming visible). */
export const REVEALING_ACTIONS = [
  { id: 'attack', label: 'Attacking' },
  { id: 'invoke-power', label: 'Invoking a power' },
  { id: 'talk', label: 'Talking' },
  { id: 'move-without-sneaking', label: 'Moving without sneaking' },
  { id: 'walk-in-front-of-enemy', label: 'Walking right in front of the enemy' },
] as const

export type RevealingAction = (typeof REVEALING_ACTIONS)[number]['id']

/**
 * Whether an action reveals a concealed character. The listed ones do; anything else ("etc.") is the
 * GM's call, so it comes back as 'ask-gm'.
 */
export function revealsConcealment(action: RevealingAction | 'other'): true | 'ask-gm' {
  return action === 'other' ? 'ask-gm' : true
}

/**
 * Hiding later in a fight needs being out of sight for a while or a major distraction; characters who
 * launch an ambush start concealed (see startCombat's bonus round).
 */
export function canHideAgain(input: { outOfSightForAWhile: boolean; majorDistraction: boolean }): boolean {
  return input.outOfSightForAWhile || input.majorDistraction
}
