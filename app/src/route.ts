/** The app's routes, read from the location: the GM key travels in the fragment, never to the server. */

export type Route =
  | { screen: 'home' }
  | { screen: 'gm'; roomId: string; gmKey: string }
  | { screen: 'player'; roomId: string }
  | { screen: 'not-found'; path: string }

export function parseRoute(pathname: string, hash: string): Route {
  if (pathname === '/' || pathname === '') return { screen: 'home' }
  const match = /^\/r\/([A-Za-z0-9_-]{22})\/?$/.exec(pathname)
  if (!match?.[1]) return { screen: 'not-found', path: pathname }
  const gmKey = new URLSearchParams(hash.replace(/^#/, '')).get('gm')
  return gmKey ? { screen: 'gm', roomId: match[1], gmKey } : { screen: 'player', roomId: match[1] }
}
