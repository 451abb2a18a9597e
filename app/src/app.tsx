/** The app shell: one screen per route. */

import { parseRoute } from './route.ts'
import { GmView } from './views/gm-view.tsx'
import { Home } from './views/home.tsx'
import { PlayerView } from './views/player-view.tsx'

export function App() {
  const route = parseRoute(window.location.pathname, window.location.hash)
  switch (route.screen) {
    case 'home':
      return <Home />
    case 'gm':
      return <GmView roomId={route.roomId} gmKey={route.gmKey} />
    case 'player':
      return <PlayerView roomId={route.roomId} />
    case 'not-found':
      return (
        <main class="page narrow">
          <h1>Not a Fray link</h1>
          <p>
            <code>{route.path}</code> is not an encounter. Ask the GM for the link again, or{' '}
            <a href="/">start a new encounter</a>.
          </p>
        </main>
      )
  }
}
