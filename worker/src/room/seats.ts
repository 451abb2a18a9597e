/**
 * A room's seats: a new seat for a player who joins, a one-time code that lets another phone into a seat,
 * and taking that code. Keys and codes are stored as hashes (room-store.ts); the table document lists the
 * seats by name for every device.
 */
import {
  type CreateSeatResponse,
  type JoinSeatResponse,
  LIMITS,
  type SeatHandoverResponse,
  type SeatInfo,
  TABLE,
} from '@fray/protocol'
import { hashSecret, newHandoverCode, newSeatId, newSecret, normalizeHandoverCode } from '../ids.ts'
import { NO_ROOM, type RoomAnswer } from './room-answer.ts'
import type { RoomStore } from './room-store.ts'
import type { YHost } from './y-host.ts'

/** How long a seat's handover code works. */
export const HANDOVER_MS = 10 * 60 * 1000
/** Handover codes a seat's own phone may make an hour (the GM's "Let back in" signs the others out, so is not counted). */
export const HANDOVERS_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000

/** Why a freed seat's phone may do nothing more. */
export const FREED = 'The GM freed this seat: join again as a new player.'
const NO_SEAT = 'There is no such seat in this room.'

/** Two seat names a table would take for the same player: "Mira" and " mira ". */
const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0

export class Seats {
  constructor(
    private readonly store: RoomStore,
    private readonly host: YHost,
  ) {}

  /** A seat as the table lists it, or undefined for one it does not. */
  info(seatId: string): SeatInfo | undefined {
    return this.list().get(seatId)
  }

  /** Whether the GM freed this seat (its phones write nothing more, whatever key they hold). */
  freed(seatId: string): boolean {
    return this.info(seatId)?.freed === true
  }

  private list() {
    return this.host.open('table').doc.getMap<SeatInfo>(TABLE.seats)
  }

  /** Writes one seat's entry in the table's list, as the room. */
  private write(seatId: string, seat: SeatInfo): void {
    const table = this.host.open('table').doc
    table.transact(() => table.getMap<SeatInfo>(TABLE.seats).set(seatId, seat), 'server')
  }

  /**
   * A new seat, unless the room holds as many seats in use (not freed) as it takes, or (unless `another`)
   * a seat in use has that name already: then the player is asked whether it is theirs.
   */
  async create(name: string, another = false): Promise<RoomAnswer<CreateSeatResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const seatId = newSeatId()
    const seatKey = newSecret()
    const keyHash = await hashSecret(seatKey)
    // No await from here on: the count and the new seat are one turn of the room.
    const inUse = [...this.list().values()].filter((seat) => !seat.freed)
    const same = inUse.find((seat) => sameName(seat.name, name))
    if (same && !another) {
      return {
        ok: false,
        status: 409,
        error: `${same.name} already has a seat at this table. If that is you on a new phone, ask the GM to tap “Let back in” by your name and type the code they show below.`,
        seated: same.name,
      }
    }
    if (inUse.length >= LIMITS.seatsPerRoom) {
      return {
        ok: false,
        status: 409,
        error: `This room has all its ${LIMITS.seatsPerRoom} seats taken: ask the GM to free one.`,
      }
    }
    this.host.atomically(() => {
      this.store.addSeat(seatId, name, keyHash, Date.now())
      this.write(seatId, { name, combatantId: null })
    }, 'table')
    return { ok: true, value: { seatId, seatKey } }
  }

  /**
   * A one-time code that lets another phone into `seatId`, for the holder of that seat's key or of the GM
   * key, and nobody else. The GM's code signs the seat's other phones out once taken (a lost phone); the
   * player's own leaves their first phone in.
   */
  async handover(seatId: string, key: string): Promise<RoomAnswer<SeatHandoverResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const role = this.store.roleOfKey(await hashSecret(key))
    if (!role || role.kind === 'player' || (role.kind === 'seat' && role.seatId !== seatId)) {
      return {
        ok: false,
        status: 403,
        error: 'Only this seat’s own phone or the GM can hand this seat over.',
      }
    }
    if (this.store.seatName(seatId) === null) return { ok: false, status: 404, error: NO_SEAT }
    if (this.freed(seatId)) return { ok: false, status: 409, error: FREED }
    const code = newHandoverCode()
    const codeHash = await hashSecret(normalizeHandoverCode(code) ?? code)
    // No await from here on: the count and the new code are one turn of the room.
    const now = Date.now()
    const signsOut = role.kind === 'gm'
    if (!signsOut) {
      const made = this.store.handoversMadeSince(seatId, now - HOUR_MS)
      const oldest = made[made.length - HANDOVERS_PER_HOUR]
      if (oldest !== undefined) {
        const retryAfterS = Math.ceil((oldest + HOUR_MS - now) / 1000)
        return {
          ok: false,
          status: 429,
          error: `This seat made ${HANDOVERS_PER_HOUR} handover codes in the last hour; try again in ${Math.ceil(retryAfterS / 60)} minutes.`,
          retryAfterS,
        }
      }
    }
    this.host.atomically(() => {
      if (!signsOut) this.store.handoverMade(seatId, now)
      this.store.addHandover(seatId, codeHash, now + HANDOVER_MS, signsOut, now)
    })
    return { ok: true, value: { code, expiresAt: now + HANDOVER_MS, signsOut } }
  }

  /** Takes a handover code (once): a new key of its seat for the phone that brought it. */
  async join(typed: string): Promise<RoomAnswer<JoinSeatResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const code = normalizeHandoverCode(typed)
    if (!code) {
      return { ok: false, status: 400, error: 'A seat code has 8 letters and digits, like ABCD-EFGH.' }
    }
    const codeHash = await hashSecret(code)
    const seatKey = newSecret()
    const keyHash = await hashSecret(seatKey)
    // No await from here on: the code is taken, the key given and the seat marked as handed over (so the
    // dialog that showed the code closes on every device) in one turn of the room.
    const taken = this.host.atomically(() => {
      const now = Date.now()
      const handover = this.store.takeHandover(codeHash, now)
      const seat = handover && this.info(handover.seatId)
      if (!handover || !seat || seat.freed) return handover && { ...handover, freed: true }
      this.store.addSeatKey(handover.seatId, keyHash, handover.signsOut)
      this.write(handover.seatId, { ...seat, handedOverAt: now })
      return { ...handover, freed: false }
    }, 'table')
    if (!taken) {
      return {
        ok: false,
        status: 404,
        error:
          'That seat code does not work (any more): a code works once, for 10 minutes. Ask for a new one.',
      }
    }
    if (taken.freed) return { ok: false, status: 409, error: FREED }
    if (taken.signsOut) {
      this.host.closeSeat(taken.seatId, 'The GM let this seat in on another phone; this one is signed out.')
    }
    const name = this.store.seatName(taken.seatId) ?? ''
    return { ok: true, value: { seatId: taken.seatId, seatKey, name } }
  }

  /** After the table changed: a seat the GM freed loses its phones' connections to its document. */
  closeFreed(): void {
    for (const [seatId, seat] of this.list()) if (seat.freed) this.host.closeSeat(seatId, FREED)
  }
}
