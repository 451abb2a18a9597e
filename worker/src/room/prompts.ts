/**
 * The table's open prompts (attacks waiting for their defender, questions for the GM), written by the room
 * alone. Each is kept under a slot key (`p0`, `p1`, …, the lowest free one), never under its own id: a
 * Y.Map keeps a tombstone for every key it ever held (~30 bytes in the stored snapshot), so a key per
 * prompt would grow the table with every attack of every evening, for good, while a value that replaces
 * another under a reused key costs a few bytes. Readers go by the prompt's `id`, never by its key (a room
 * from before this may still hold prompts under their ids).
 */
import { type PendingDefense, TABLE } from '@fray/protocol'
import type * as Y from 'yjs'

const promptsOf = (table: Y.Doc) => table.getMap<PendingDefense>(TABLE.prompts)

/** The open prompts, in no particular order. */
export const openPrompts = (table: Y.Doc): PendingDefense[] => [...promptsOf(table).values()]

/** The open prompt with this id, if it is still open. */
export function promptById(table: Y.Doc, id: string): PendingDefense | undefined {
  for (const prompt of promptsOf(table).values()) if (prompt.id === id) return prompt
  return undefined
}

/** Opens a prompt, under the lowest free slot. */
export function openPrompt(table: Y.Doc, prompt: PendingDefense): void {
  const prompts = promptsOf(table)
  let slot = 0
  while (prompts.has(`p${slot}`)) slot++
  table.transact(() => prompts.set(`p${slot}`, prompt), 'server')
}

/** Closes the prompt with this id, if it is open. */
export function closePrompt(table: Y.Doc, id: string): void {
  const prompts = promptsOf(table)
  for (const [key, prompt] of prompts.entries())
    if (prompt.id === id) {
      table.transact(() => prompts.delete(key), 'server')
      return
    }
}

/** Closes every open prompt (the fight ended). */
export function closeAllPrompts(table: Y.Doc): void {
  const prompts = promptsOf(table)
  if (prompts.size > 0) table.transact(() => prompts.clear(), 'server')
}

/** Closes the prompts of attacks by or on this combatant (it left the table). */
export function closePromptsOf(table: Y.Doc, id: string): void {
  const prompts = promptsOf(table)
  const keys = [...prompts.entries()].filter(([, p]) => p.attackerId === id || p.targetId === id)
  if (keys.length === 0) return
  table.transact(() => {
    for (const [key] of keys) prompts.delete(key)
  }, 'server')
}
