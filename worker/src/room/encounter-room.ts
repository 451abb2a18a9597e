/**
 * The EncounterRoom Durable Object: one per encounter. It is wiring: the runtime's SQLite storage,
 * hibernatable sockets and alarm go to the room (room.ts) as its ports, and each call and event to it.
 */

import { DurableObject } from 'cloudflare:workers'
import {
  CLOSE,
  type CreateSeatResponse,
  type JoinSeatResponse,
  type RoomInfo,
  type SeatHandoverResponse,
} from '@fray/protocol'
import type { RoomPorts, RoomSql } from './ports.ts'
import { SeatLimiter } from './rate-limit.ts'
import { Room } from './room.ts'
import type { RoomAnswer } from './room-answer.ts'
import type { RoomMeta, RoomStats } from './room-store.ts'
import { type Admitted, KEY_PROTOCOL } from './socket-gate.ts'

export type { RoomAnswer } from './room-answer.ts'
export type { ImportedDocs, RoomStats } from './room-store.ts'

/** The room reads no binding of the Worker but its seats' rate, so it does not depend on the Worker's Env. */
export class EncounterRoom extends DurableObject {
  private readonly room: Room

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    this.room = new Room(durableObjectPorts(ctx), SeatLimiter.configured(env))
  }

  /** Requests a seat may write a minute (its bytes a minute scale with it); tests raise it. */
  get requestsPerSeatPerMinute(): number {
    return this.room.limiter.requestsPerMinute
  }

  set requestsPerSeatPerMinute(perMinute: number) {
    this.room.limiter.requestsPerMinute = perMinute
  }

  // --- RPC from the Worker -------------------------------------------------------------------

  /** `encounter`: an exported encounter's JSON, which the room reads before it keeps anything. */
  init(meta: RoomMeta, encounter?: unknown): Promise<RoomAnswer<true>> {
    return this.room.init(meta, encounter)
  }

  stats(): RoomStats | null {
    return this.room.stats()
  }

  info(): RoomInfo | null {
    return this.room.info()
  }

  isGmKey(key: string): Promise<boolean> {
    return this.room.isGmKey(key)
  }

  createSeat(name: string, another = false): Promise<RoomAnswer<CreateSeatResponse>> {
    return this.room.createSeat(name, another)
  }

  handover(seatId: string, key: string): Promise<RoomAnswer<SeatHandoverResponse>> {
    return this.room.handover(seatId, key)
  }

  joinSeat(typed: string): Promise<RoomAnswer<JoinSeatResponse>> {
    return this.room.joinSeat(typed)
  }

  // --- the runtime's events ------------------------------------------------------------------

  override alarm(): Promise<void> {
    return this.room.alarm()
  }

  override async fetch(request: Request): Promise<Response> {
    const admitted = await this.room.gate(request)
    if (admitted instanceof Response) return admitted
    return upgrade(admitted, (ws) => this.room.accept(ws, admitted))
  }

  override async webSocketMessage(ws: WebSocket, message: ArrayBuffer | string): Promise<void> {
    this.room.message(ws, message)
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.room.close(ws, code, reason)
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.room.error(ws)
  }
}

/** The Durable Object's own ports. */
function durableObjectPorts(ctx: DurableObjectState): RoomPorts {
  return {
    sql: ctx.storage.sql as unknown as RoomSql,
    acceptWebSocket: (ws, tags) => ctx.acceptWebSocket(ws as unknown as WebSocket, tags),
    getWebSockets: (tag) => ctx.getWebSockets(tag),
    transactionSync: (work) => ctx.storage.transactionSync(work),
    setAlarm: (at) => ctx.storage.setAlarm(at),
    deleteAlarm: () => ctx.storage.deleteAlarm(),
    deleteAll: () => ctx.storage.deleteAll(),
    connected: () => ctx.getWebSockets().length,
  }
}

/**
 * The upgrade's answer: `connect` takes the room's end of the socket; a crowded room accepts it only to
 * close it with its reason (a browser shows a close's code and reason, never a status).
 */
function upgrade(admitted: Admitted, connect: (ws: WebSocket) => void): Response {
  const pair = new WebSocketPair()
  if (admitted.crowded) {
    pair[1].accept()
    pair[1].close(CLOSE.crowded, admitted.crowded)
  } else connect(pair[1])
  // A key offered as a subprotocol must be answered with the protocol name, or the browser hangs up.
  const headers = admitted.offered ? { 'Sec-WebSocket-Protocol': KEY_PROTOCOL } : undefined
  return new Response(null, { status: 101, webSocket: pair[0], headers })
}
