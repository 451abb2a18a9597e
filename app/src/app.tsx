/** The app shell: one screen per route. */

import { parseRoute } from './route.ts'
import { newVersionReady, reloadWhenSafe } from './update-ready.ts'
import { PlayerView } from './views/player-view.tsx'
import { useLazy } from './views/use-lazy.ts'

/**
 * The GM's tablet view, the home page and the room screen are chunks of their own: a player's phone never
 * downloads them, and the first load carries no Yjs (the player's seated view loads it beside the form).
 */
const loadGmView = () => import('./views/gm-view.tsx').then((m) => m.GmView)
const loadHome = () => import('./views/home.tsx').then((m) => m.Home)
const loadRoomScreen = () => import('./views/room-screen.tsx').then((m) => m.RoomScreen)

function LazyGmView(props: { roomId: string; gmKey: string }) {
  const GmView = useLazy(loadGmView, true)
  return GmView ? <GmView {...props} /> : <p class="page muted">Opening the encounter…</p>
}

function LazyRoomScreen(props: { roomId: string }) {
  const RoomScreen = useLazy(loadRoomScreen, true)
  return RoomScreen ? <RoomScreen {...props} /> : <p class="page muted">Opening the room’s screen…</p>
}

function LazyHome() {
  const Home = useLazy(loadHome, true)
  return Home ? <Home /> : <p class="page muted">Opening Fray…</p>
}

/** A new version took over this page's service worker: said on every screen, with a way to take it now. */
function NewVersion() {
  if (!newVersionReady.value) return null
  return (
    <p class="new-version row gap" role="status">
      <span>A new version of Fray is ready. It loads when you put this device away.</span>
      <button type="button" class="ghost push" onClick={() => reloadWhenSafe()}>
        Reload now
      </button>
    </p>
  )
}

export function App() {
  return (
    <>
      <NewVersion />
      <Screen />
    </>
  )
}

function Screen() {
  const route = parseRoute(window.location.pathname, window.location.hash)
  switch (route.screen) {
    case 'home':
      return <LazyHome />
    case 'gm':
      return <LazyGmView roomId={route.roomId} gmKey={route.gmKey} />
    case 'player':
      return <PlayerView roomId={route.roomId} seatCode={route.seatCode} />
    case 'room-screen':
      return <LazyRoomScreen roomId={route.roomId} />
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
