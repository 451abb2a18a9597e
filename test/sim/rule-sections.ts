/**
 * Writes rule-sections.json: the section numbers each rule text defines (headings such as "5.2 Statement
 * of Intent"), for the wording test, which must run on a clone without the texts beside it. Run it again
 * when a text changes: `npx tsx test/sim/rule-sections.ts` (the texts live in ../shared/rules/).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { SYSTEM_IDS } from '@fray/rules'

const sections = Object.fromEntries(
  SYSTEM_IDS.map((system) => {
    const text = readFileSync(new URL(`../../../shared/rules/${system}.txt`, import.meta.url), 'utf8')
    return [system, [...new Set([...text.matchAll(/^(\d+(?:\.\d+)+)\s+[A-Z]/gm)].map((m) => m[1]))]]
  }),
)
writeFileSync(new URL('./rule-sections.json', import.meta.url), `${JSON.stringify(sections, null, 2)}\n`)
