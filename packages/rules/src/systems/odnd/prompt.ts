/** GM prompts: where the text names a table it does not print, the dice are still rolled and logged. */
import type { BreakdownLine } from '../../system.ts'

/** The tables odnd names without printing, plus the effects it leaves to the GM. */
export type PromptTable =
  | 'critical-fumble'
  | 'critical-hit'
  | 'special-attack'
  | 'reaction'
  | 'morale'
  | 'pursuit'
  | 'miscast'
  | 'maneuver'
  | 'friendly-fire'

/** "GM prompted": what was rolled, and the question the table cannot answer because the text has no table. */
export interface GmPrompt {
  table: PromptTable
  rolled: BreakdownLine[]
  ask: string
  rule: string
}

/** Builds a prompt; kept as one function so every prompt reads alike in the log. */
export const gmPrompt = (
  table: PromptTable,
  rolled: BreakdownLine[],
  ask: string,
  rule: string,
): GmPrompt => ({
  table,
  rolled,
  ask,
  rule,
})
