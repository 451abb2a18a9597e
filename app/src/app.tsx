/** The app shell: one screen per route. */

import { parseRoute } from './route.ts'
import { PlayerView } from './views/player-view.tsx'
// The room screen is a few lines over the player's own components: split off, it would cost more than it saves.
import { RoomScreen } from './views/room-screen.tsx'
import { useLazy } from './views/use-lazy.ts'

/** The GM's tablet view and the home page are chunks of their own: a player's phone never downloads them. */
const loadGmView = () => import('./views/gm-view.tsx').then((m) => m.GmView)
const loadHome = () => import('./views/home.tsx').then((m) => m.Home)

function LazyGmView(props: { roomId: string; gmKey: string }) {
  const GmView = useLazy(loadGmView, true)
  return GmView ? <GmView {...props} /> : <p class="page muted">Opening the encounter…</p>
}

function LazyHome() {
  const Home = useLazy(loadHome, true)
  return Home ? <Home /> : <p class="page muted">Opening Fray…</p>
}

export function App() {
  const route = parseRoute(window.location.pathname, window.location.hash)
  switch (route.screen) {
    case 'home':
      return <LazyHome />
    case 'gm':
      return <LazyGmView roomId={route.roomId} gmKey={route.gmKey} />
    case 'player':
      return <PlayerView roomId={route.roomId} seatCode={route.seatCode} />
    case 'room-screen':
      return <RoomScreen roomId={route.roomId} />
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
