/** The bindings of the Worker, as declared in wrangler.toml. */
import type { EncounterRoom } from './room/encounter-room.ts'

export interface Env {
  ROOMS: DurableObjectNamespace<EncounterRoom>
  ASSETS: Fetcher
}
