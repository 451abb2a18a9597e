/** Entry point: picks the screen from the URL, and registers the service worker that keeps it offline. */
import { render } from 'preact'
import './styles.css'
import { App } from './app.tsx'
import { keepInstallPrompt } from './install.ts'
import { takeJoinShell } from './join-shell.ts'
import { reloadIntoNewVersion } from './new-version.ts'
import { parseRoute } from './route.ts'
import { startTheme } from './theme.ts'
import { watchForNewVersion } from './update-ready.ts'
import { prefetchRoomInfo } from './views/use-room.ts'

// Before the first render's work: the room's name is on its way, and a player's seated view (Yjs and the
// table's models, which open the sync connection) starts loading while the join form renders.
const route = parseRoute(window.location.pathname, window.location.hash)
if ('roomId' in route) prefetchRoomInfo(route.roomId)
startTheme()
keepInstallPrompt()
// This script, asking for the seated view's chunks and the first render are each a task of their own:
// together they were one task, often over 100 ms on a phone slowed 4x, in which a tap on the form waits
// (BENCHMARKS.md). Asking for the chunks is not free: Vite's preload adds a <link> for each.
if (route.screen === 'player') setTimeout(() => void import('./views/seated.tsx').catch(() => undefined))
// index.html's join form, painted on a player's link before this script ran, is replaced by the app's own
// (with what was typed in it) in the same frame.
setTimeout(() => {
  const shell = takeJoinShell()
  render(<App />, document.getElementById('app') as HTMLElement)
  shell.done()
})

// A chunk Vite's preloading could not fetch: gone with a deploy, so this page is an old version.
window.addEventListener('vite:preloadError', () => void reloadIntoNewVersion())

// Only built apps have /sw.js; in `vite dev` a service worker would only serve stale modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the page has loaded, so precaching does not compete with the first load on a slow network.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').then(
      (registration) => watchForNewVersion(registration),
      () => {
        // No service worker (private mode, an insecure origin): the app still works online.
      },
    )
  })
}
