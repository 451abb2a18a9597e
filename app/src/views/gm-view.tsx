/** The GM's tablet: share link, combatants (add, damage, remove) and the live log. */
import { type Approval, GM, type GmRequest, type RequestResult, SEAT, SYSTEM_NAMES } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { RollLog } from '../components/roll-log.tsx'
import { ShareCard } from '../components/share-card.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { factionToMove, TurnBanner, TurnOrder } from '../components/turn-banner.tsx'
import { useWakeLock } from '../device.ts'
import { download, exportEncounter } from '../models/export.ts'
import { createRoster, parseGroupName } from '../models/roster.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { useRoomInfo } from './use-room.ts'

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

  const gmError = useSignal<string | null>(null)
  const lastAsk = useSignal<string | null>(null)
  const ask = (kind: GmRequest['kind'], combatantId?: string) => {
    const id = crypto.randomUUID()
    lastAsk.value = id
    gmError.value = null
    const request = (
      kind === 'act' ? { id, kind, combatantId: combatantId ?? '' } : { id, kind }
    ) as GmRequest
    gmDoc.doc.getArray<GmRequest>(GM.requests).push([request])
  }
  useEffect(() => {
    const results = gmDoc.doc.getMap<RequestResult>(SEAT.results)
    const show = () => {
      const result = lastAsk.value ? results.get(lastAsk.value) : undefined
      gmError.value = result && !result.ok ? result.error : null
    }
    results.observe(show)
    return () => results.unobserve(show)
  }, [gmDoc, gmError, lastAsk])
  // The tablet stays awake while the fight runs.
  useWakeLock(table.turn.value.status !== 'idle')
  const allCombatants = [...table.combatants.value, ...roster.hidden.value]
  const turnState = table.turn.value
  const waitingFor =
    turnState.status === 'initiative'
      ? table.combatants.value.filter((c) => !turnState.initiative[c.id]).map((c) => c.name)
      : []

  const exportFile = () => {
    if (room.status !== 'ready') return
    const slug = room.info.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'encounter'
    download(`fray-${slug}.json`, exportEncounter(room.info, synced.doc, gmDoc.doc, logDoc.doc))
  }

  if (room.status === 'error') return <RoomError error={room.error} />
  return (
    <main class="page gm">
      <header class="topbar">
        <div>
          <h1>{room.status === 'ready' ? room.info.name : 'Encounter'}</h1>
          <span class="muted">{room.status === 'ready' ? SYSTEM_NAMES[room.info.system].name : ''} · GM</span>
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

      <section class="card turn-card" aria-label="Turn order">
        <TurnBanner turn={table.turn.value} combatants={allCombatants} />
        {table.turn.value.status === 'initiative' && waitingFor.length > 0 && (
          <p class="muted">Waiting for initiative from {waitingFor.join(', ')}.</p>
        )}
        {gmError.value && (
          <p class="error" role="alert">
            {gmError.value}
          </p>
        )}
        <div class="row gap wrap">
          {table.turn.value.status === 'idle' ? (
            <button type="button" class="primary" onClick={() => ask('start-combat')}>
              Start combat
            </button>
          ) : (
            <>
              {table.turn.value.status === 'initiative' && (
                <button type="button" class="primary" onClick={() => ask('roll-foes')}>
                  Roll for monsters
                </button>
              )}
              {table.turn.value.status === 'running' && !table.turn.value.factions && (
                <button type="button" class="primary" onClick={() => ask('next-turn')}>
                  Next turn
                </button>
              )}
              {factionToMove(table.turn.value) === 'foes' && (
                <>
                  {Object.values(table.turn.value.factions?.characters ?? {})
                    .filter((c) => c.faction === 'foes' && !c.spent && !c.out)
                    .map((c) => (
                      <button key={c.id} type="button" class="primary" onClick={() => ask('act', c.id)}>
                        {c.name} acts
                      </button>
                    ))}
                  <button type="button" onClick={() => ask('pass')}>
                    Foes pass
                  </button>
                </>
              )}
              <button type="button" class="ghost push" onClick={() => ask('end-combat')}>
                End combat
              </button>
            </>
          )}
        </div>
        {room.status === 'ready' && room.info.system === 'odnd' && (
          <div class="row gap wrap">
            <label class="toggle">
              <input
                type="checkbox"
                checked={table.settings.value.partyInitiative === 'one-roll'}
                onChange={(e) =>
                  table.setSetting('partyInitiative', e.currentTarget.checked ? 'one-roll' : 'each-player')
                }
              />
              <span>One initiative roll for the whole party</span>
            </label>
            <label class="toggle">
              <input
                type="checkbox"
                checked={table.settings.value.rerollInitiativeEachRound}
                onChange={(e) => table.setSetting('rerollInitiativeEachRound', e.currentTarget.checked)}
              />
              <span>Reroll initiative each round</span>
            </label>
          </div>
        )}
        <TurnOrder
          turn={table.turn.value}
          combatants={allCombatants}
          onHold={table.holdAction}
          onMove={table.moveSlot}
        />
      </section>

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
          />
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

        <aside class="side">
          <ShareCard link={playerLink} roomName={room.status === 'ready' ? room.info.name : ''} />
          <section class="card" aria-labelledby="seats-h">
            <h2 id="seats-h">Players</h2>
            {table.seats.value.filter((s) => !s.freed).length === 0 ? (
              <p class="empty">Nobody has joined yet.</p>
            ) : (
              <ul class="seats" data-testid="seats">
                {table.seats.value
                  .filter((s) => !s.freed)
                  .map((s) => {
                    const online = synced.present.value.some((p) => p.seatId === s.id)
                    const character = table.combatants.value.find((c) => c.id === s.combatantId)
                    return (
                      <li key={s.id} class="seat">
                        <span class={`dot ${online ? 'on' : ''}`} aria-hidden="true" />
                        <span>
                          <strong>{s.name}</strong>
                          <span class="muted">
                            {' '}
                            · {character ? character.name : 'choosing a character'} ·{' '}
                            {online ? 'here' : 'away'}
                          </span>
                        </span>
                        <button type="button" class="ghost push" onClick={() => table.freeSeat(s.id)}>
                          Free seat
                        </button>
                      </li>
                    )
                  })}
              </ul>
            )}
          </section>
          <section class="card" aria-labelledby="keep-h">
            <h2 id="keep-h">Keep this encounter</h2>
            <button type="button" onClick={exportFile} disabled={room.status !== 'ready'}>
              Export as JSON
            </button>
            <p class="muted small">Import it later from the start page into a new room.</p>
          </section>
          <section class="card" aria-labelledby="log-h">
            <h2 id="log-h">Log</h2>
            <label class="toggle">
              <input
                type="checkbox"
                checked={table.settings.value.physicalDice === 'approve'}
                onChange={(e) =>
                  table.setSetting('physicalDice', e.currentTarget.checked ? 'approve' : 'trust')
                }
              />
              <span>Players’ own dice need my approval</span>
            </label>
            <RollLog
              entries={table.log.value}
              onApprove={(entryId, approve) =>
                gmDoc.doc.getArray<Approval>(GM.approvals).push([{ entryId, approve }])
              }
            />
          </section>
        </aside>
      </div>
    </main>
  )
}

export function RoomError({ error }: { error: string }) {
  return (
    <main class="page narrow">
      <h1>Cannot open this encounter</h1>
      <p class="error" role="alert">
        {error}
      </p>
      <a class="button" href="/">
        Back to start
      </a>
    </main>
  )
}
