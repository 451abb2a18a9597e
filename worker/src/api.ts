/** HTTP routes: create a room, read its public info, take a seat, and the sync endpoint of each document. */
import {
  type ApiError,
  type CreateRoomResponse,
  type CreateSeatResponse,
  encounterSystem,
  IMPORT_LIMITS,
  type JoinSeatResponse,
  NO_SUCH_DOC,
  parseDocName,
  type RoomInfo,
  type SeatHandoverResponse,
  type SystemId,
} from '@fray/protocol'
import { SYSTEM_IDS } from '@fray/rules'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { addressKey, ROOMS_PER_ADDRESS_PER_MINUTE } from './address-limit.ts'
import type { Env } from './env.ts'
import { hashSecret, newRoomId, newSecret, ROOM_ID } from './ids.ts'
import type { RoomAnswer } from './room/encounter-room.ts'

type App = { Bindings: Env }

export const api = new Hono<App>()

/** The room's Durable Object, after checking the id has the shape of one. */
function getRoom(c: Context<App>, roomId: string) {
  if (!ROOM_ID.test(roomId)) throw notFound()
  return c.env.ROOMS.get(c.env.ROOMS.idFromName(roomId))
}

const notFound = () =>
  new HTTPException(404, {
    message: 'There is no room with this id. Check the link, or ask the GM for a new one.',
  })

/** The largest request body: an exported encounter's JSON, under what one import takes. */
const MAX_BODY_BYTES = IMPORT_LIMITS.fileBytes

async function readJson(c: Context<App>): Promise<Record<string, unknown>> {
  const tooLarge = () =>
    new HTTPException(413, {
      message: `The request is over ${MAX_BODY_BYTES} bytes, what one import takes; nothing was imported.`,
    })
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge()
  let body: unknown
  try {
    const text = await c.req.text()
    if (text.length > MAX_BODY_BYTES) throw tooLarge()
    body = JSON.parse(text)
  } catch (error) {
    if (error instanceof HTTPException) throw error
    throw new HTTPException(400, { message: 'The request body must be JSON, e.g. {"system": "osr"}.' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: 'The request body must be a JSON object.' })
  }
  return body as Record<string, unknown>
}

function readName(value: unknown, what: string, fallback?: string): string {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value !== 'string' || value.trim() === '') {
    throw new HTTPException(400, { message: `Give ${what} a name.` })
  }
  const name = value.trim()
  if (name.length > 60) throw new HTTPException(400, { message: `${what} name is over 60 characters.` })
  return name
}

api.post('/rooms', async (c) => {
  await limitNewRooms(c)
  const body = await readJson(c)
  const system = SYSTEM_IDS.find((id) => id === body.system)
  if (!system) {
    const given = body.system === undefined ? 'no "system"' : `unknown system ${JSON.stringify(body.system)}`
    throw new HTTPException(400, { message: `${given}: choose one of ${SYSTEM_IDS.join(', ')}.` })
  }
  const name = readName(body.name, 'the encounter', 'Encounter')
  const encounter = readEncounterBody(body, system)
  const roomId = newRoomId()
  const gmKey = newSecret()
  const created = await getRoom(c, roomId).init(
    {
      roomId,
      system,
      name,
      gmKeyHash: await hashSecret(gmKey),
      createdAt: Date.now(),
    },
    encounter,
  )
  if (!created.ok) throw new HTTPException(created.status, { message: created.error })
  const origin = new URL(c.req.url).origin
  return c.json(
    {
      roomId,
      gmKey,
      gmLink: `${origin}/r/${roomId}#gm=${gmKey}`,
      playerLink: `${origin}/r/${roomId}`,
    } satisfies CreateRoomResponse,
    201,
  )
})

/** Counts a new room against its client address's minute, or refuses it with 429 and when to try again. */
async function limitNewRooms(c: Context<App>): Promise<void> {
  const configured = Number(c.env.ROOMS_PER_ADDRESS_PER_MINUTE)
  const perMinute = Number.isFinite(configured) && configured > 0 ? configured : ROOMS_PER_ADDRESS_PER_MINUTE
  const key = addressKey(c.req.header('CF-Connecting-IP'))
  const taken = await c.env.ADDRESSES.get(c.env.ADDRESSES.idFromName(key)).take(perMinute)
  if (taken.ok) return
  c.header('Retry-After', String(taken.retryAfterS))
  throw new HTTPException(429, {
    message: `Over ${perMinute} new rooms a minute from this address; try again in ${taken.retryAfterS} s.`,
  })
}

/**
 * Reads the encounter a new room is imported from: the room checks every field (`buildImport`); here only
 * its size and its system, and the Yjs documents earlier versions of the app sent, which no room takes now.
 */
function readEncounterBody(body: Record<string, unknown>, system: SystemId): unknown {
  if (body.documents !== undefined) {
    throw new HTTPException(400, {
      message:
        'This app is older than the server: reload the page, then import the file again; nothing was imported.',
    })
  }
  if (body.encounter === undefined) return undefined
  const file = encounterSystem(body.encounter, SYSTEM_IDS)
  if (!file.ok) throw new HTTPException(400, { message: `encounter.${file.error} Nothing was imported.` })
  if (file.value !== system) {
    throw new HTTPException(400, {
      message: `encounter.system: the file is for ${file.value}, not ${system}; nothing was imported.`,
    })
  }
  return body.encounter
}

api.get('/rooms/:roomId', async (c) => {
  const info = await getRoom(c, c.req.param('roomId')).info()
  if (!info) throw notFound()
  return c.json(info satisfies RoomInfo)
})

/** The key in `Authorization: Bearer <key>`; keys never ride in a URL, which server logs keep. */
function bearer(c: Context<App>, whose: string): string {
  const key = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
  if (!key) throw new HTTPException(401, { message: `Send ${whose} as "Authorization: Bearer <key>".` })
  return key
}

/** A room's answer as JSON, or its refusal with the status it gave. */
function answer<T>(c: Context<App>, result: RoomAnswer<T>, status: 200 | 201 = 200) {
  if (!result.ok) {
    if (result.retryAfterS !== undefined) c.header('Retry-After', String(result.retryAfterS))
    if (result.seated !== undefined)
      return c.json({ error: result.error, seated: result.seated } satisfies ApiError, result.status)
    throw new HTTPException(result.status, { message: result.error })
  }
  return c.json(result.value, status)
}

/** Storage figures of a room, for its GM: `Authorization: Bearer <GM key>`. */
api.get('/rooms/:roomId/stats', async (c) => {
  const room = getRoom(c, c.req.param('roomId'))
  const key = bearer(c, 'the GM key')
  if (!(await room.isGmKey(key))) throw new HTTPException(403, { message: 'That is not this room’s GM key.' })
  const stats = await room.stats()
  if (!stats) throw notFound()
  return c.json(stats)
})

api.post('/rooms/:roomId/seats', async (c) => {
  const body = await readJson(c)
  const name = readName(body.name, 'your character')
  if (body.another !== undefined && typeof body.another !== 'boolean') {
    throw new HTTPException(400, { message: '"another" must be true or false.' })
  }
  const result = await getRoom(c, c.req.param('roomId')).createSeat(name, body.another === true)
  return answer<CreateSeatResponse>(c, result, 201)
})

/** A one-time code for another phone to take this seat: for the seat's own phone, or the GM. */
api.post('/rooms/:roomId/seats/:seatId/handover', async (c) => {
  const key = bearer(c, 'the seat’s key or the GM key')
  const result = await getRoom(c, c.req.param('roomId')).handover(c.req.param('seatId'), key)
  return answer<SeatHandoverResponse>(c, result, 201)
})

/** A phone brings a handover code (in the body, never the URL) and gets its own key of that seat. */
api.post('/rooms/:roomId/seats/join', async (c) => {
  const body = await readJson(c)
  if (typeof body.code !== 'string') throw new HTTPException(400, { message: 'Send {"code": "ABCD-EFGH"}.' })
  const result = await getRoom(c, c.req.param('roomId')).joinSeat(body.code)
  return answer<JoinSeatResponse>(c, result)
})

api.get('/rooms/:roomId/docs/:docName', async (c) => {
  if (!parseDocName(c.req.param('docName'))) {
    throw new HTTPException(404, { message: NO_SUCH_DOC })
  }
  const answer = await getRoom(c, c.req.param('roomId')).fetch(c.req.raw)
  // The Durable Object's answer has immutable headers: an accepted upgrade goes back as it is, any other
  // answer (426 without an Upgrade header, a refused key) as a copy the API's security headers can join.
  return answer.status === 101 ? answer : new Response(answer.body, answer)
})

api.all('*', () => {
  throw new HTTPException(404, { message: 'No such API route.' })
})

api.onError((error, c) => {
  if (error instanceof HTTPException) return c.json({ error: error.message } satisfies ApiError, error.status)
  console.error('unhandled error', error instanceof Error ? error.stack : error)
  return c.json({ error: 'Something went wrong on the server; nothing was changed.' } satisfies ApiError, 500)
})
