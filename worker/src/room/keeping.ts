/** How long a room is kept unused before its alarm deletes it, and how often activity pushes that back. */
import { TABLE } from '@fray/protocol'
import type * as Y from 'yjs'
import type { RoomPorts } from './ports.ts'
import type { RoomStore } from './room-store.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A room nobody has connected to or written in for this long is deleted by its alarm. */
export const IDLE_DELETE_MS = 30 * DAY_MS
/** A room with a party (player characters on its table) is kept this long: a group comes back to it. */
export const PARTY_KEEP_MS = 180 * DAY_MS
/** How often activity pushes the deletion alarm back (a storage write, so not on every message). */
export const TOUCH_EVERY_MS = 60 * 60 * 1000

/** How long this room is kept unused: longer once it has a party to come back to. */
export function keepFor(table: Y.Doc): number {
  const combatants = table.getMap<Y.Map<unknown>>(TABLE.combatants)
  return [...combatants.values()].some((c) => c.get('side') === 'pc') ? PARTY_KEEP_MS : IDLE_DELETE_MS
}

/**
 * When a room was last used, and its alarm: set to when the room may be deleted, or sooner, to when
 * something waits on it (a player's defense running out, `wake`).
 */
export class Keeping {
  /** When this instance last pushed the alarm back. */
  private lastTouch = 0
  /** The soonest moment something waits on the alarm, or null. */
  private soonest: number | null = null
  /** When this instance last set the alarm to ring (null: not since it woke). */
  private ringsAt: number | null = null

  constructor(
    private readonly storage: Pick<RoomPorts, 'setAlarm'>,
    private readonly store: RoomStore,
    private readonly table: () => Y.Doc,
  ) {}

  /** Until when the room is kept if nobody uses it from now on. */
  keptUntil(): number {
    return this.store.lastActive() + keepFor(this.table())
  }

  /** Sets the alarm to `at`, or to the soonest moment something waits on it where that comes first. */
  private ring(at: number): Promise<void> {
    const when = this.soonest === null ? at : Math.min(at, this.soonest)
    if (when === this.ringsAt) return Promise.resolve()
    this.ringsAt = when
    return this.storage.setAlarm(when)
  }

  /** Something waits on the alarm at `at` (null: nothing does now): it rings by then. */
  wake(at: number | null): void {
    this.soonest = at
    if (at !== null && (this.ringsAt === null || at < this.ringsAt)) void this.ring(at)
  }

  /** Records activity and pushes the alarm back, at most once an hour per instance. */
  touch(): void {
    const now = Date.now()
    if (now - this.lastTouch < TOUCH_EVERY_MS) return
    this.lastTouch = now
    this.store.setLastActive(now)
    void this.ring(now + keepFor(this.table()))
  }

  /**
   * The alarm rang: true when the room was left idle for its keeping time and is to be deleted; a room in
   * use (`connected`) or not idle long enough has its alarm pushed back instead.
   */
  async due(connected: boolean): Promise<boolean> {
    this.ringsAt = null
    const idleUntil = this.keptUntil()
    if (!connected && Date.now() >= idleUntil) return true
    await this.ring(Math.max(idleUntil, Date.now() + TOUCH_EVERY_MS))
    return false
  }

  /** The room was deleted: its next activity sets the alarm again. */
  forget(): void {
    this.lastTouch = 0
    this.soonest = null
    this.ringsAt = null
  }
}
