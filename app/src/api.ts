/** Calls to the Fray HTTP API, each answering a value or an error message a person can read. */
import type {
  ApiError,
  CreateRoomRequest,
  CreateRoomResponse,
  CreateSeatRequest,
  CreateSeatResponse,
  JoinSeatRequest,
  JoinSeatResponse,
  RoomInfo,
  SeatHandoverResponse,
  SystemId,
} from '@fray/protocol'

/**
 * `unreachable` marks a failure to reach the server at all (offline), as opposed to its refusal, which
 * carries the server's status.
 */
export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; error: string; unreachable?: true; status?: number; seated?: string }

async function call<T>(path: string, init?: RequestInit): Promise<Result<T>> {
  let response: Response
  try {
    response = await fetch(path, init)
  } catch {
    return { ok: false, error: 'Cannot reach the server. Check the Wi-Fi and try again.', unreachable: true }
  }
  const body = (await response.json().catch(() => null)) as T | ApiError | null
  if (response.ok && body) return { ok: true, value: body as T }
  const refused = body && typeof body === 'object' && 'error' in body ? body : null
  const error = refused?.error ?? `Server answered ${response.status}.`
  const seated = typeof refused?.seated === 'string' ? { seated: refused.seated } : {}
  return { ok: false, error, status: response.status, ...seated }
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** A new room; `encounter`, an exported one it is built from (the room checks it again). */
export const createRoom = (system: SystemId, name: string, encounter?: CreateRoomRequest['encounter']) =>
  call<CreateRoomResponse>('/api/rooms', postJson({ system, name, encounter } satisfies CreateRoomRequest))

export const getRoomInfo = (roomId: string) => call<RoomInfo>(`/api/rooms/${roomId}`)

/** A new seat; `another` when the player said they are not the one already seated under that name. */
export const createSeat = (roomId: string, name: string, another = false) =>
  call<CreateSeatResponse>(
    `/api/rooms/${roomId}/seats`,
    postJson({ name, ...(another ? { another } : {}) } satisfies CreateSeatRequest),
  )

/** A one-time code for another phone to take this seat; `key` is the seat's own key or the GM key. */
export const seatHandover = (roomId: string, seatId: string, key: string) =>
  call<SeatHandoverResponse>(`/api/rooms/${roomId}/seats/${encodeURIComponent(seatId)}/handover`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
  })

/** Takes a seat with a code from its other phone or the GM: the code goes in the body, never a URL. */
export const joinSeat = (roomId: string, code: string) =>
  call<JoinSeatResponse>(`/api/rooms/${roomId}/seats/join`, postJson({ code } satisfies JoinSeatRequest))

/** Asks the room whether `key` is its GM key (its storage figures answer to that key alone). */
export const checkGmKey = (roomId: string, key: string) =>
  call<unknown>(`/api/rooms/${roomId}/stats`, { headers: { Authorization: `Bearer ${key}` } })
