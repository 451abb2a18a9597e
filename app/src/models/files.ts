/** Files the user keeps and brings back: an encounter, a library, the list of tables. */
import { fail, type Outcome, ok } from '@fray/rules'

/** A file's text as JSON, or why not ("That file is not JSON. Choose <what> that Fray exported."). */
export function readJson(text: string, what: string): Outcome<unknown> {
  try {
    return ok(JSON.parse(text) as unknown)
  } catch {
    return fail(`That file is not JSON. Choose ${what} that Fray exported.`)
  }
}

/** Offers a JSON value to the user as a file download. */
export function download(filename: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }))
  const a = Object.assign(document.createElement('a'), { href: url, download: filename })
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
