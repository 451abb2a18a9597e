/** The bindings of the Worker, as declared in wrangler.toml. */
import type { AddressLimiter } from './address-limit.ts'
import type { EncounterRoom } from './room/encounter-room.ts'

export interface Env {
  ROOMS: DurableObjectNamespace<EncounterRoom>
  ASSETS: Fetcher
  /** One per client address: counts the rooms it made in the last minute. */
  ADDRESSES: DurableObjectNamespace<AddressLimiter>
  /** New rooms one address may make a minute; unset, `ROOMS_PER_ADDRESS_PER_MINUTE` (the test servers raise it). */
  ROOMS_PER_ADDRESS_PER_MINUTE?: string
}
