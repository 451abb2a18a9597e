/** The GM's tablet: share link, combatants (add, damage, remove) and the live log. */
import { SYSTEM_INFO } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { checkGmKey } from '../api.ts'
import { Alert } from '../components/alert.tsx'
import { AskOnce } from '../components/ask-once.tsx'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { RoomError } from '../components/room-error.tsx'
import { ShareCard } from '../components/share-card.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { useWakeLock } from '../device.ts'
import { keepOffline } from '../keep-offline.ts'
import { exportEncounter } from '../models/export.ts'
import { download } from '../models/files.ts'
import { createGmModel } from '../models/gm.ts'
import { findMonster, libraryOf, openLibrary, pushLibrary, readHitPoints } from '../models/library.ts'
import { rememberGmTable } from '../models/my-tables.ts'
import { createRoster, groupOf, parseGroupName } from '../models/roster.ts'
import { useRules } from '../models/rules.ts'
import type { SheetSave } from '../models/stats.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { EventsCard } from './gm/events-card.tsx'
import { KeepCard } from './gm/keep-card.tsx'
import { LibraryCard } from './gm/library-card.tsx'
import { LogCard } from './gm/log-card.tsx'
import { SeatsCard } from './gm/seats-card.tsx'
import { TableRulesCard } from './gm/table-rules-card.tsx'
import { TextRollsCard } from './gm/text-rolls-card.tsx'
import { TurnCard } from './gm/turn-card.tsx'
import { useLazy } from './use-lazy.ts'
import { useRoomInfo } from './use-room.ts'

const loadStatsEditor = () => import('./stats-editor.tsx').then((m) => m.StatsEditor)
const loadAreaPanel = () => import('./gm/area-panel.tsx').then((m) => m.AreaPanel)

/** What a GM link whose key the room refuses says instead of the GM's screen. */
export const WRONG_GM_KEY =
  'The key in this GM link is not this room’s: the link may have been cut short when it was copied. ' +
  'Open the whole GM link again; on the device that made the room it is under “Your tables”.'

/**
 * The GM key, asked of the room before the GM's controls show: a wrong one (a link cut short) is said in
 * words instead of a screen stuck on "Connecting…" whose taps would wait to be sent under the right key.
 * Offline, the check cannot be made and the screen opens (a device that had the room keeps working).
 */
function useGmKey(roomId: string, gmKey: string, accepted: boolean): 'checking' | 'ok' | 'wrong' {
  const check = useSignal<'checking' | 'ok' | 'wrong'>('checking')
  useEffect(() => {
    let live = true
    void checkGmKey(roomId, gmKey).then((r) => {
      if (live) check.value = !r.ok && r.status === 403 ? 'wrong' : 'ok'
    })
    return () => {
      live = false
    }
  }, [roomId, gmKey, check])
  return accepted ? 'ok' : check.value
}

export function GmView({ roomId, gmKey }: { roomId: string; gmKey: string }) {
  const room = useRoomInfo(roomId)
  const synced = useMemo(() => connectDoc(roomId, 'table', gmKey), [roomId, gmKey])
  const logDoc = useMemo(() => connectDoc(roomId, 'log'), [roomId])
  const gmDoc = useMemo(() => connectDoc(roomId, 'gm', gmKey), [roomId, gmKey])
  const key = useGmKey(roomId, gmKey, gmDoc.synced.value)
  // Listed on this device's home screen, to come back to next week without the link: once the room took
  // the key, so a wrong one never replaces one that works.
  useEffect(() => {
    if (key === 'ok') rememberGmTable(roomId, gmKey)
  }, [roomId, gmKey, key])
  const gm = useMemo(() => createGmModel(gmDoc.doc), [gmDoc])
  useEffect(() => () => gm.dispose(), [gm])
  // Hit points are asked of the room through the GM's requests (their refusals show with the others').
  const table = useMemo(
    () => createTableModel(synced.doc, logDoc.doc, undefined, gmDoc.doc, gm.send),
    [synced, logDoc, gmDoc, gm],
  )
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
  const system = room.status === 'ready' ? room.info.system : null
  // The room's rules (a chunk of their own): the stats forms, the edit panel and the attack sheet read them.
  const rules = useRules(system)
  useEffect(() => {
    if (system) keepOffline(['gm', system])
  }, [system])
  // The monster library for the room's system: this device's, shared with the room's other GM devices
  // through the gm document once it has synced; read again when it changes here or there.
  const libraryVersion = useSignal(0)
  void libraryVersion.value
  const library = system ? libraryOf(system) : []
  const libraryRead = () => {
    libraryVersion.value++
  }
  /** Saved, imported or forgotten on this device: the room's copy follows. */
  const libraryChanged = () => {
    if (system) pushLibrary(system, gmDoc.doc)
    libraryRead()
  }
  const gmSynced = gmDoc.synced.value
  useEffect(
    () => (system && gmSynced ? openLibrary(system, gmDoc.doc, libraryRead) : undefined),
    [system, gmDoc, gmSynced],
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
    // A name from the monster library brings its stat block, and its hit points unless some are typed.
    const saved = findMonster(library, group.name)
    const hitPoints = readHitPoints(hp.value.trim() || group.hp || saved?.hp || '')
    if (!hitPoints.ok) {
      formError.value = hitPoints.error
      return
    }
    const rolled = 'dice' in hitPoints.value ? hitPoints.value.dice : null
    const result = roster.addGroup({
      name: saved?.name ?? group.name,
      count: group.count,
      // Dice: each copy's hit points come from the room's roll, in a moment.
      hp: 'fixed' in hitPoints.value ? hitPoints.value.fixed : 1,
      side: side.value,
      hidden: hidden.value,
      ...(saved?.sheet ? { sheet: saved.sheet } : {}),
    })
    if (!result.ok) {
      formError.value = result.error
      return
    }
    if (rolled) gm.send({ kind: 'roll-hp', combatantIds: result.value, notation: rolled })
    name.value = ''
    hp.value = ''
    // Each add starts as a shown monster: a hidden box left ticked once hid a player's prepared
    // character, and "Player character" left chosen made the next Goblin a PC.
    hidden.value = false
    side.value = 'foe'
    formError.value = null
  }

  // The tablet stays awake while the fight runs.
  useWakeLock(table.turn.value.status !== 'idle')
  const allCombatants = [...table.combatants.value, ...roster.hidden.value]
  const statsFor = useSignal<string | null>(null)
  const editing = allCombatants.find((c) => c.id === statsFor.value)
  const saveSheets = (saves: SheetSave[]) => {
    for (const { id, sheet, maxHp } of saves) {
      if (roster.hidden.peek().some((c) => c.id === id)) roster.setSheet(id, sheet, maxHp)
      else table.setSheet(id, sheet, maxHp)
    }
  }
  const StatsEditor = useLazy(loadStatsEditor, Boolean(editing))
  const areaOpen = useSignal(false)
  const AreaPanel = useLazy(loadAreaPanel, areaOpen.value)

  /** The export file, past fights included (each opened from the room): or why it could not be made. */
  const exportFile = async (): Promise<string | null> => {
    if (room.status !== 'ready') return null
    const slug = room.info.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'encounter'
    const docs = { table: synced.doc, gm: gmDoc.doc, log: logDoc.doc }
    const file = await exportEncounter(room.info, docs, (name) => connectDoc(roomId, name))
    if (!file.ok) return file.error
    download(`fray-${slug}.json`, file.value)
    return null
  }

  const fighting = table.turn.value.status !== 'idle'
  const foeDefense = table.settings.value.foeDefense
  const seatsCard = (
    <SeatsCard key="seats" table={table} present={synced.present.value} roomId={roomId} gmKey={gmKey} />
  )
  const logCard = <LogCard key="log" roomId={roomId} table={table} gm={gm} />
  const rulesCard = <TableRulesCard table={table} system={system} />
  const gmLink = `${window.location.origin}/r/${roomId}#gm=${encodeURIComponent(gmKey)}`
  const keepCard = <KeepCard onExport={exportFile} ready={room.status === 'ready'} gmLink={gmLink} />
  const shareCard = (
    <ShareCard
      key="share"
      link={playerLink}
      screenLink={`${playerLink}/screen`}
      roomName={room.status === 'ready' ? room.info.name : ''}
    />
  )

  const addForm = (
    <form class="add-form" onSubmit={add}>
      <input
        aria-label="Combatant name"
        placeholder="e.g. Goblin x4 HP 1d6+1"
        value={name.value}
        maxLength={44}
        list="monster-library"
        onInput={(e) => {
          name.value = e.currentTarget.value
        }}
      />
      <input
        aria-label="Hit points"
        placeholder="HP"
        value={hp.value}
        maxLength={40}
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
      <datalist id="monster-library">
        {library.map((m) => (
          <option key={m.name} value={m.name} />
        ))}
      </datalist>
    </form>
  )

  if (room.status === 'error') return <RoomError error={room.error} />
  if (key === 'wrong') return <RoomError error={WRONG_GM_KEY} />
  if (!rules || key === 'checking') return <p class="page muted">Opening the encounter…</p>
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
      <Alert text={synced.error.value} />

      <TurnCard
        table={table}
        gm={gm}
        system={system}
        combatants={allCombatants}
        holds={(written) => synced.has(written.table) && logDoc.has(written.log)}
      />

      <div class="gm-grid">
        <section class="card gm-combatants" aria-labelledby="combatants-h">
          <div class="card-head">
            <h2 id="combatants-h">Combatants</h2>
            {!areaOpen.value && table.combatants.value.length > 1 && (
              <button type="button" class="ghost area-open" onClick={() => (areaOpen.value = true)}>
                Area damage or healing…
              </button>
            )}
          </div>
          {fighting ? (
            // Mid-fight the list comes first: the form that adds one more (a reinforcement) is a tap away.
            <details class="add-fold">
              <summary>Add a combatant…</summary>
              {addForm}
            </details>
          ) : (
            addForm
          )}
          <Alert text={formError.value} />
          {areaOpen.value && AreaPanel && (
            <AreaPanel
              combatants={table.combatants.value}
              onApply={(request) => gm.send(request)}
              onClose={() => (areaOpen.value = false)}
            />
          )}
          <CombatantList
            combatants={table.combatants.value}
            onAdjust={table.adjustHp}
            onRemove={table.removeCombatant}
            onHide={table.hideCombatant}
            onEdit={table.editCombatant}
            onStats={system ? (id) => (statsFor.value = id) : undefined}
            onMark={(id, name, duration) => gm.send({ kind: 'mark', combatantId: id, name, ...duration })}
            segmentsPerRound={system ? SYSTEM_INFO[system].segmentsPerRound : undefined}
            system={system}
            onClear={(id, condition) => gm.send({ kind: 'clear-condition', combatantId: id, condition })}
            onUnmark={(id, markId) => gm.send({ kind: 'unmark', combatantId: id, markId })}
            byHand={
              foeDefense === 'gm'
                ? undefined
                : { rule: foeDefense, chosen: gm.byHand.value, set: gm.setByHand }
            }
          />
          {editing && system && StatsEditor && (
            <StatsEditor
              key={editing.id}
              system={system}
              combatant={editing}
              others={groupOf(editing, allCombatants).slice(1)}
              onSave={saveSheets}
              onLibrary={libraryChanged}
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
                      <AskOnce
                        label={`Reveal ${c.name}`}
                        buttonClass="primary"
                        title={`Reveal ${c.name}`}
                        choices={[
                          {
                            label: 'Reveal to everyone',
                            onChoose: () => gm.send({ kind: 'reveal-combatant', combatantId: c.id }),
                          },
                        ]}
                      >
                        Every device shows {c.name} from now on, and the turn takes them in. Undo in the log
                        hides them again.
                      </AskOnce>
                      {system && (
                        <button type="button" class="ghost" onClick={() => (statsFor.value = c.id)}>
                          All stats of {c.name}
                        </button>
                      )}
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
          <EventsCard
            gm={gm}
            moments={system ? SYSTEM_INFO[system].moments : undefined}
            round={table.turn.value.round}
          />
          <TextRollsCard system={system} gm={gm} />
          {rulesCard}
          {system && (
            <LibraryCard system={system} doc={gmDoc.doc} monsters={library} onChange={libraryChanged} />
          )}
          {keepCard}
        </aside>
      </div>
    </main>
  )
}
