/** Sneaking in combat: who is concealed, what may reveal them, hiding again (whether it does: rolls.ts). */

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
 * Hiding later in a fight needs being out of sight for a while or a major distraction; characters who
 * launch an ambush start concealed (see startCombat's bonus round).
 */
export function canHideAgain(input: { outOfSightForAWhile: boolean; majorDistraction: boolean }): boolean {
  return input.outOfSightForAWhile || input.majorDistraction
}
