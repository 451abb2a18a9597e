/** axe-core in a playwright page: the accessibility violations of a view that block a person, as readable lines. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Impacts that fail the suite: a person cannot use the control or read the text at all. */
const BLOCKING = new Set(['serious', 'critical'])

/**
 * Runs axe on the page (or the part matching `include`) and answers one line per serious or critical
 * violation and element. Evaluated through the DevTools protocol, so the app's CSP does not block it.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const results = (await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(
        selector ? { include: [selector] } : document,
        { resultTypes: ['violations'] },
      ),
    include ?? null,
  )) as AxeResults
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${v.help} at ${n.target.join(' ')}`))
}
