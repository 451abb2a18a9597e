/** Entry point: picks the screen from the URL, and registers the service worker that keeps it offline. */
import { render } from 'preact'
import './styles.css'
import { App } from './app.tsx'
import { startTheme } from './theme.ts'

startTheme()
render(<App />, document.getElementById('app') as HTMLElement)

// Only built apps have /sw.js; in `vite dev` a service worker would only serve stale modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the page has loaded, so precaching does not compete with the first load on a slow network.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, an insecure origin): the app still works online.
    })
  })
}
