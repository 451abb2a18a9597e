/** spelljammer: attacks, defenses and outcomes at the table, over the rules package. (Being built: issue #10.) */
import { fail } from '@fray/rules'
import type { CombatRules } from './types.ts'

const NOT_YET = fail<never>('Attacks for this system are not at the table yet.')

export const spelljammerCombat: CombatRules = {
  choices: () => NOT_YET,
  toggles: () => [],
  preview: () => NOT_YET,
  defenses: () => NOT_YET,
  resolve: () => NOT_YET,
  endOfRound: () => NOT_YET,
  status: () => [],
}
