/**
 * The app's routes, read from the location: the GM key and a seat's handover code travel in the fragment,
 * never to the server.
 */

export type Route =
  | { screen: 'home' }
  | { screen: 'gm'; roomId: string; gmKey: string }
  | { screen: 'player'; roomId: string; seatCode?: string }
  /** The room's screen: read-only, for a TV or a spare tablet across the table. */
  | { screen: 'room-screen'; roomId: string }
  | { screen: 'not-found'; path: string }

export function parseRoute(pathname: string, hash: string): Route {
  if (pathname === '/' || pathname === '') return { screen: 'home' }
  const screen = /^\/r\/([A-Za-z0-9_-]{22})\/screen\/?$/.exec(pathname)
  if (screen?.[1]) return { screen: 'room-screen', roomId: screen[1] }
  const match = /^\/r\/([A-Za-z0-9_-]{22})\/?$/.exec(pathname)
  if (!match?.[1]) return { screen: 'not-found', path: pathname }
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const gmKey = fragment.get('gm')
  if (gmKey) return { screen: 'gm', roomId: match[1], gmKey }
  // A link from "Use on another phone" or the GM's "Let back in": /r/<id>#seat=<code>.
  const seatCode = fragment.get('seat')
  return seatCode ? { screen: 'player', roomId: match[1], seatCode } : { screen: 'player', roomId: match[1] }
}
