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
  const response = await fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    body: JSON.stringify({ system, name }),
  })
  if (!response.ok) throw new Error(`POST /api/rooms answered ${response.status}: ${await response.text()}`)
  const { roomId, gmKey } = (await response.json()) as { roomId: string; gmKey: string }
  return { roomId, gmKey, gmUrl: `${baseUrl}/r/${roomId}#gm=${gmKey}`, playerUrl: `${baseUrl}/r/${roomId}` }
}
