/** The GM's tablet: share link, combatants (add, damage, remove) and the live log. */
import { type Intent, mayAttack, SYSTEM_INFO, type Unaware } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { DefensePrompt } from '../components/defense-prompt.tsx'
import { RoomError } from '../components/room-error.tsx'
import { ShareCard } from '../components/share-card.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { TurnBanner, TurnOrder } from '../components/turn-banner.tsx'
import { useWakeLock } from '../device.ts'
import { download, exportEncounter } from '../models/export.ts'
import { createGmModel } from '../models/gm.ts'
import { createRoster, parseGroupName } from '../models/roster.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { factionToMove, isSurprised } from '../models/turn.ts'
import { KeepCard } from './gm/keep-card.tsx'
import { LogCard } from './gm/log-card.tsx'
import { SeatsCard } from './gm/seats-card.tsx'
import { TableRulesCard } from './gm/table-rules-card.tsx'
import { useLazy } from './use-lazy.ts'
import { useRoomInfo } from './use-room.ts'

const loadIntentForm = () => import('./intent-form.tsx').then((m) => m.IntentForm)
const loadComposer = () => import('./composer.tsx').then((m) => m.Composer)

const loadStatsEditor = () => import('./stats-editor.tsx').then((m) => m.StatsEditor)

const UNAWARE_LABEL: Record<Unaware, string> = {
  pc: 'The players may be caught unaware',
  foe: 'The monsters may be caught unaware',
  both: 'Either side may be caught unaware',
}

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
  const send = gm.send
  const ask = (kind: 'roll-foes' | 'next-turn' | 'end-combat' | 'pass' | 'begin-actions') => send({ kind })
  // The tablet stays awake while the fight runs.
  useWakeLock(table.turn.value.status !== 'idle')
  const allCombatants = [...table.combatants.value, ...roster.hidden.value]
  const turnState = table.turn.value
  const system = room.status === 'ready' ? room.info.system : null
  const info = system ? SYSTEM_INFO[system] : null
  const stating = Boolean(info?.statesIntent) && turnState.status === 'initiative'
  const acting = table.combatants.value.filter((c) => !isSurprised(turnState, c.id))
  const waitingFor =
    turnState.status === 'initiative'
      ? acting.filter((c) => turnState.waiting?.[c.id]).map((c) => c.name)
      : []
  const unaware = useSignal<Unaware | ''>('')
  const ambush = useSignal(false)
  const start = () =>
    send({
      kind: 'start-combat',
      ...(unaware.value ? { surprise: { unaware: unaware.value, ambush: ambush.value } } : {}),
    })
  const declareFor = (combatantId: string, intent: Intent) => send({ kind: 'intent', combatantId, intent })
  const attacking = useSignal<string | null>(null)
  const Composer = useLazy(loadComposer, attacking.value !== null)
  const monsterAttacker = table.combatants.value.find((c) => c.id === attacking.value)
  const actingFoes = table.combatants.value.filter((c) => c.side === 'foe' && mayAttack(turnState, c.id))
  const nameOf = (id: string) => allCombatants.find((c) => c.id === id)?.name ?? 'Someone'
  const IntentForm = useLazy(loadIntentForm, stating)
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

      <section class="card turn-card" aria-label="Turn order">
        <TurnBanner turn={table.turn.value} combatants={allCombatants} />
        {table.turn.value.status === 'initiative' && waitingFor.length > 0 && (
          <p class="muted">
            Waiting for {stating ? 'the intent of' : 'initiative from'} {waitingFor.join(', ')}.
          </p>
        )}
        {stating && system && IntentForm && (
          <div class="foe-intents">
            {acting
              .filter((c) => c.side === 'foe')
              .map((c) => (
                <details key={c.id} class="foe-intent">
                  <summary>
                    {c.name}: {turnState.intents?.[c.id] ? 'intent stated' : 'stays put, first weapon'}
                  </summary>
                  <IntentForm
                    system={system}
                    combatant={c}
                    declared={turnState.intents?.[c.id]}
                    onDeclare={(intent) => declareFor(c.id, intent)}
                    action={`State for ${c.name}`}
                  />
                </details>
              ))}
          </div>
        )}
        {gm.error.value && (
          <p class="error" role="alert">
            {gm.error.value}
          </p>
        )}
        <div class="row gap wrap">
          {table.turn.value.status === 'idle' ? (
            <>
              {info && info.surprise.length > 0 && (
                <label class="field">
                  <span>Surprise</span>
                  <select
                    value={unaware.value}
                    onChange={(e) => (unaware.value = e.currentTarget.value as Unaware | '')}
                  >
                    <option value="">Nobody is caught unaware</option>
                    {info.surprise.map((side) => (
                      <option key={side} value={side}>
                        {UNAWARE_LABEL[side]}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {info?.ambush && unaware.value && (
                <label class="toggle">
                  <input
                    type="checkbox"
                    checked={ambush.value}
                    onChange={(e) => (ambush.value = e.currentTarget.checked)}
                  />
                  <span>The other side lies in a prepared ambush (+3)</span>
                </label>
              )}
              <button type="button" class="primary" onClick={start}>
                Start combat
              </button>
            </>
          ) : (
            <>
              {table.turn.value.status === 'initiative' && !stating && (
                <button type="button" class="primary" onClick={() => ask('roll-foes')}>
                  Roll for monsters
                </button>
              )}
              {stating && (
                <button type="button" class="primary" onClick={() => ask('begin-actions')}>
                  Begin actions
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
                    .filter(
                      (c) =>
                        c.faction === 'foes' &&
                        !c.spent &&
                        !c.out &&
                        (!table.turn.value.factions?.bonusRound || c.concealed),
                    )
                    .map((c) => (
                      <button
                        key={c.id}
                        type="button"
                        class="primary"
                        onClick={() => send({ kind: 'act', combatantId: c.id })}
                      >
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
        {info?.initiativeOptions && (
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
        {actingFoes.length > 0 && !monsterAttacker && (
          <div class="row gap wrap">
            {actingFoes.map((c) => (
              <button key={c.id} type="button" class="primary" onClick={() => (attacking.value = c.id)}>
                {c.name} attacks
              </button>
            ))}
          </div>
        )}
        {monsterAttacker && system && Composer && (
          <Composer
            system={system}
            attacker={monsterAttacker}
            targets={table.combatants.value}
            ownDice
            onRoll={(targetId, declared, faces) => {
              send({
                kind: 'attack',
                attackerId: monsterAttacker.id,
                targetId,
                declared,
                ...(faces ? { faces } : {}),
              })
              attacking.value = null
            }}
            onClose={() => (attacking.value = null)}
          />
        )}
        {table.prompts.value.map((p) => (
          <DefensePrompt
            key={p.id}
            prompt={p}
            attacker={nameOf(p.attackerId)}
            target={nameOf(p.targetId)}
            viewer="gm"
            playerAnswers={Boolean(allCombatants.find((c) => c.id === p.targetId)?.seatId)}
            onAnswer={(choice) => send({ kind: 'defend', promptId: p.id, choice })}
          />
        ))}
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
