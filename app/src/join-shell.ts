/**
 * index.html paints the join form on a player's link before the app's script has run (its inline script
 * marks <html data-join> when the link is a player's). The app takes it over in its first render: what the
 * player typed, whether the name field had the keyboard, and a Join tapped before the app was there all
 * carry into the app's own form.
 */

export interface EarlyJoin {
  name: string
  focused: boolean
  submitted: boolean
}

let early: EarlyJoin | null = null

/** Reads the painted form, if it shows; `done()` removes it once the app has rendered its own. */
export function takeJoinShell(doc: Document = document): { done: () => void } {
  const root = doc.documentElement
  const shell = doc.getElementById('join-shell')
  const input = shell?.querySelector('input')
  if (root.dataset.join && input) {
    early = {
      name: input.value,
      focused: doc.activeElement === input,
      submitted: root.dataset.join === 'submitted',
    }
  }
  return {
    done: () => {
      shell?.remove()
      delete root.dataset.join
    },
  }
}

/** What the player did in the painted form, once: a form shown again later starts empty. */
export function earlyJoin(): EarlyJoin | null {
  const taken = early
  early = null
  return taken
}
