/** Rooms for tests and scripts, made through the public API as the home page makes them. */
export interface TestRoom {
  roomId: string
  gmKey: string
  /** The GM's page (the key rides in the fragment). */
  gmUrl: string
  /** The page a player opens. */
  playerUrl: string
}

export async function createTestRoom(
  baseUrl: string,
  system = 'osr',
  name = 'Bridge ambush',
): Promise<TestRoom> {
  const post = () => fetch(`${baseUrl}/api/rooms`, { method: 'POST', body: JSON.stringify({ system, name }) })
  let response = await post()
  // wrangler dev's proxy answers 503 "Your worker restarted mid-request" (Retry-After: 0) when workerd
  // reloads under it, and retries only GETs itself: a POST that never reached the worker is sent again.
  for (
    let retry = 0;
    response.status === 503 && response.headers.get('Retry-After') === '0' && retry < 3;
    retry++
  ) {
    console.warn(`POST /api/rooms: ${await response.text()} (retry ${retry + 1})`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    response = await post()
  }
  if (!response.ok) throw new Error(`POST /api/rooms answered ${response.status}: ${await response.text()}`)
  const { roomId, gmKey } = (await response.json()) as { roomId: string; gmKey: string }
  return { roomId, gmKey, gmUrl: `${baseUrl}/r/${roomId}#gm=${gmKey}`, playerUrl: `${baseUrl}/r/${roomId}` }
}
