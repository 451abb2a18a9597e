/**
 * The room's screen: a TV or a spare tablet across the table, read-only. On a TV, three columns read
 * from three metres: the turn and its order | the fighters as players see them | the last roll as a large
 * card, the log beneath; on a portrait tablet, one column. It opens the `table` and `log` documents with
 * no key, as a player's phone does before joining: it never receives more than that.
 */
import { SYSTEM_INFO } from '@fray/rules'
import { useEffect, useMemo } from 'preact/hooks'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { ResultCard, RollLog } from '../components/roll-log.tsx'
import { RoomError } from '../components/room-error.tsx'
import { TurnBanner, TurnOrder } from '../components/turn-banner.tsx'
import { useWakeLock } from '../device.ts'
import { keepOffline } from '../keep-offline.ts'
import { useRules } from '../models/rules.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { useRoomInfo } from './use-room.ts'

/** Log lines the screen shows under the last roll: what fits beneath it on a TV. */
const SCREEN_LOG = 8

export function RoomScreen({ roomId }: { roomId: string }) {
  const room = useRoomInfo(roomId)
  const system = room.status === 'ready' ? room.info.system : null
  useEffect(() => {
    keepOffline(system ? ['screen', system] : ['screen'])
  }, [system])
  // What the system says of its own round (zones' sides and tracker), in its rules' screen part.
  const view = useRules(system)?.turn.view
  const tableDoc = useMemo(() => connectDoc(roomId, 'table'), [roomId])
  const logDoc = useMemo(() => connectDoc(roomId, 'log'), [roomId])
  const table = useMemo(() => createTableModel(tableDoc.doc, logDoc.doc), [tableDoc, logDoc])
  useEffect(
    () => () => {
      tableDoc.destroy()
      logDoc.destroy()
    },
    [tableDoc, logDoc],
  )
  // A screen left on for the evening stays awake while the fight runs.
  useWakeLock(table.turn.value.status !== 'idle')
  if (room.status === 'error') return <RoomError error={room.error} />
  const latest = table.log.value.at(-1)
  // The lines before the last roll, as many as a screen shows (a live region announces nothing here).
  const earlier = table.log.value.slice(-1 - SCREEN_LOG, -1)
  const combatants = table.combatants.value
  return (
    <main class="page room-screen" aria-label="Room screen">
      <header class="topbar">
        <div>
          <h1>{room.status === 'ready' ? room.info.name : 'Encounter'}</h1>
          <span class="muted">{room.status === 'ready' ? SYSTEM_INFO[room.info.system].name : ''}</span>
        </div>
        <ConnectionBadge state={tableDoc.state.value} />
      </header>
      <div class="screen-grid">
        <div class="screen-turn">
          <TurnBanner turn={table.turn.value} combatants={combatants} view={view} />
          <TurnOrder turn={table.turn.value} combatants={combatants} view={view} />
        </div>
        <section class="card screen-fighters" aria-labelledby="screen-fighters-h">
          <h2 id="screen-fighters-h">In the fight</h2>
          <CombatantList combatants={combatants} />
        </section>
        <div class="screen-side">
          <section class="screen-roll" aria-labelledby="screen-roll-h" data-testid="screen-roll">
            <h2 id="screen-roll-h">Last roll</h2>
            {latest ? <ResultCard entry={latest} /> : <p class="empty">No rolls yet.</p>}
          </section>
          {earlier.length > 0 && (
            <section class="card screen-log" aria-labelledby="screen-log-h">
              <h2 id="screen-log-h">Before it</h2>
              <RollLog entries={earlier} quiet />
            </section>
          )}
        </div>
      </div>
    </main>
  )
}
