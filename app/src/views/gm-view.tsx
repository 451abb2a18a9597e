/** The GM's tablet: share link, combatants (add, damage, remove) and the live log. */
import { SYSTEM_INFO } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { RoomError } from '../components/room-error.tsx'
import { ShareCard } from '../components/share-card.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { useWakeLock } from '../device.ts'
import { download, exportEncounter } from '../models/export.ts'
import { createGmModel } from '../models/gm.ts'
import { createRoster, parseGroupName } from '../models/roster.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { KeepCard } from './gm/keep-card.tsx'
import { LogCard } from './gm/log-card.tsx'
import { SeatsCard } from './gm/seats-card.tsx'
import { TableRulesCard } from './gm/table-rules-card.tsx'
import { TurnCard } from './gm/turn-card.tsx'
import { useLazy } from './use-lazy.ts'
import { useRoomInfo } from './use-room.ts'

const loadStatsEditor = () => import('./stats-editor.tsx').then((m) => m.StatsEditor)

export function GmView({ roomId, gmKey }: { roomId: string; gmKey: string }) {
  const room = useRoomInfo(roomId)
  const synced = useMemo(() => connectDoc(roomId, 'table', gmKey), [roomId, gmKey])
  const logDoc = useMemo(() => connectDoc(roomId, 'log'), [roomId])
  const gmDoc = useMemo(() => connectDoc(roomId, 'gm', gmKey), [roomId, gmKey])
  const table = useMemo(() => createTableModel(synced.doc, logDoc.doc), [synced, logDoc])
  useEffect(
    () => () => {
      synced.destroy()
      logDoc.destroy()
      gmDoc.destroy()
    },
    [synced, logDoc, gmDoc],
  )

  const roster = useMemo(
    () => createRoster(synced.doc, gmDoc.doc, () => table.combatants.peek()),
    [synced, gmDoc, table],
  )
  const name = useSignal('')
  const hp = useSignal('')
  const side = useSignal<'foe' | 'pc'>('foe')
  const hidden = useSignal(false)
  const formError = useSignal<string | null>(null)
  const playerLink = `${window.location.origin}/r/${roomId}`

  const add = (event: Event) => {
    event.preventDefault()
    const group = parseGroupName(name.value)
    const result = roster.addGroup({ ...group, hp: Number(hp.value), side: side.value, hidden: hidden.value })
    if (!result.ok) {
      formError.value = result.error
      return
    }
    name.value = ''
    hp.value = ''
    formError.value = null
  }

  const gm = useMemo(() => createGmModel(gmDoc.doc), [gmDoc])
  useEffect(() => () => gm.dispose(), [gm])
  // The tablet stays awake while the fight runs.
  useWakeLock(table.turn.value.status !== 'idle')
  const allCombatants = [...table.combatants.value, ...roster.hidden.value]
  const system = room.status === 'ready' ? room.info.system : null
  const statsFor = useSignal<string | null>(null)
  const editing = table.combatants.value.find((c) => c.id === statsFor.value)
  const StatsEditor = useLazy(loadStatsEditor, Boolean(editing))

  const exportFile = () => {
    if (room.status !== 'ready') return
    const slug = room.info.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'encounter'
    download(`fray-${slug}.json`, exportEncounter(room.info, synced.doc, gmDoc.doc, logDoc.doc))
  }

  const fighting = table.turn.value.status !== 'idle'
  const seatsCard = <SeatsCard key="seats" table={table} present={synced.present.value} />
  const logCard = <LogCard key="log" table={table} gm={gm} />
  const rulesCard = <TableRulesCard table={table} />
  const keepCard = <KeepCard onExport={exportFile} ready={room.status === 'ready'} />
  const shareCard = (
    <ShareCard key="share" link={playerLink} roomName={room.status === 'ready' ? room.info.name : ''} />
  )

  if (room.status === 'error') return <RoomError error={room.error} />
  return (
    <main class="page gm">
      <header class="topbar">
        <div>
          <h1>{room.status === 'ready' ? room.info.name : 'Encounter'}</h1>
          <span class="muted">{room.status === 'ready' ? SYSTEM_INFO[room.info.system].name : ''} · GM</span>
        </div>
        <div class="topbar-tools">
          <ConnectionBadge state={synced.state.value} />
          <ThemeToggle />
        </div>
      </header>
      {synced.error.value && (
        <p class="error" role="alert">
          {synced.error.value}
        </p>
      )}

      <TurnCard table={table} gm={gm} system={system} combatants={allCombatants} />

      <div class="gm-grid">
        <section class="card" aria-labelledby="combatants-h">
          <h2 id="combatants-h">Combatants</h2>
          <form class="add-form" onSubmit={add}>
            <input
              aria-label="Combatant name"
              placeholder="Name, e.g. Goblin x4"
              value={name.value}
              maxLength={44}
              onInput={(e) => {
                name.value = e.currentTarget.value
              }}
            />
            <input
              aria-label="Hit points"
              placeholder="HP"
              inputMode="numeric"
              value={hp.value}
              onInput={(e) => {
                hp.value = e.currentTarget.value
              }}
            />
            <button type="submit" class="primary">
              Add
            </button>
            <select
              aria-label="Side"
              value={side.value}
              onChange={(e) => {
                side.value = e.currentTarget.value === 'pc' ? 'pc' : 'foe'
              }}
            >
              <option value="foe">Monster or NPC</option>
              <option value="pc">Player character (for a player to claim)</option>
            </select>
            <label class="toggle">
              <input
                type="checkbox"
                checked={hidden.value}
                onChange={(e) => {
                  hidden.value = e.currentTarget.checked
                }}
              />
              <span>Hidden from players</span>
            </label>
          </form>
          {formError.value && (
            <p class="error" role="alert">
              {formError.value}
            </p>
          )}
          <CombatantList
            combatants={table.combatants.value}
            onAdjust={table.adjustHp}
            onRemove={table.removeCombatant}
            onEdit={table.editCombatant}
            onStats={system ? (id) => (statsFor.value = id) : undefined}
          />
          {editing && system && StatsEditor && (
            <StatsEditor
              key={editing.id}
              system={system}
              combatant={editing}
              onSave={(sheet, maxHp) => table.setSheet(editing.id, sheet, maxHp)}
              onClose={() => (statsFor.value = null)}
            />
          )}
          {roster.hidden.value.length > 0 && (
            <>
              <h3 class="subhead">Hidden from players</h3>
              <ul class="combatants" data-testid="hidden">
                {roster.hidden.value.map((c) => (
                  <li key={c.id} class="combatant hidden-combatant">
                    <div class="combatant-head">
                      <span class="combatant-name">{c.name}</span>
                      <span class="hp-number">
                        {c.hp}
                        <span class="muted"> / {c.maxHp} HP</span>
                      </span>
                    </div>
                    <div class="row gap">
                      <button type="button" class="primary" onClick={() => roster.reveal(c.id)}>
                        Reveal {c.name}
                      </button>
                      <button
                        type="button"
                        class="ghost danger push"
                        onClick={() => roster.removeHidden(c.id)}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        {/* Before the fight the way in comes first; once it runs, the log does. */}
        <aside class="side">
          {fighting ? (
            <>
              {logCard}
              {seatsCard}
              {shareCard}
            </>
          ) : (
            <>
              {shareCard}
              {seatsCard}
              {logCard}
            </>
          )}
          {rulesCard}
          {keepCard}
        </aside>
      </div>
    </main>
  )
}
