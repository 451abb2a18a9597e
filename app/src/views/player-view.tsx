/** The player's phone: take a seat with a name, see the fight, roll on the server with one big button. */
import { isActing, mayAttack, SYSTEM_INFO, type SystemId, seatDocName } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { createSeat } from '../api.ts'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { DefensePrompt } from '../components/defense-prompt.tsx'
import { ResultCard, RollLog } from '../components/roll-log.tsx'
import { RoomError } from '../components/room-error.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { TurnBanner, TurnOrder } from '../components/turn-banner.tsx'
import { useWakeLock } from '../device.ts'
import {
  createSeatModel,
  forgetSeat,
  loadSeat,
  type StoredSeat,
  saveSeat,
  validateFace,
} from '../models/seat.ts'
import { connectDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { factionToMove, isSurprised } from '../models/turn.ts'
import { useLazy } from './use-lazy.ts'
import { useRoomInfo } from './use-room.ts'

const loadChooser = () => import('./character-chooser.tsx').then((m) => m.CharacterChooser)
const loadIntentForm = () => import('./intent-form.tsx').then((m) => m.IntentForm)
const loadComposer = () => import('./composer.tsx').then((m) => m.Composer)

export function PlayerView({ roomId }: { roomId: string }) {
  const room = useRoomInfo(roomId)
  const seat = useSignal<StoredSeat | null>(loadSeat(roomId))
  if (room.status === 'error') return <RoomError error={room.error} />
  if (!seat.value) {
    return (
      <JoinForm
        roomId={roomId}
        roomName={room.status === 'ready' ? room.info.name : ''}
        onSeated={(s) => {
          saveSeat(roomId, s)
          seat.value = s
        }}
      />
    )
  }
  return (
    <Seated
      roomId={roomId}
      seat={seat.value}
      title={room.status === 'ready' ? `${room.info.name} · ${SYSTEM_INFO[room.info.system].name}` : ''}
      system={room.status === 'ready' ? room.info.system : null}
      onFreed={() => {
        forgetSeat(roomId)
        seat.value = null
      }}
    />
  )
}

function JoinForm(props: { roomId: string; roomName: string; onSeated: (seat: StoredSeat) => void }) {
  const name = useSignal('')
  const error = useSignal<string | null>(null)
  const busy = useSignal(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    if (name.value.trim() === '') {
      error.value = 'Type the name of your character.'
      return
    }
    busy.value = true
    const result = await createSeat(props.roomId, name.value.trim())
    busy.value = false
    if (!result.ok) {
      error.value = result.error
      return
    }
    props.onSeated({ ...result.value, name: name.value.trim() })
  }
  return (
    <main class="page narrow">
      <h1>{props.roomName || 'Join the fight'}</h1>
      <form class="card" onSubmit={submit}>
        <label class="field">
          <span>Your character's name</span>
          <input
            value={name.value}
            maxLength={60}
            autoComplete="nickname"
            onInput={(e) => {
              name.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        {error.value && (
          <p class="error" role="alert">
            {error.value}
          </p>
        )}
        <button type="submit" class="primary big" disabled={busy.value}>
          {busy.value ? 'Joining…' : 'Join'}
        </button>
      </form>
    </main>
  )
}

function Seated(props: {
  roomId: string
  seat: StoredSeat
  title: string
  system: SystemId | null
  onFreed: () => void
}) {
  const { roomId, seat, title, system } = props
  /** The quick roll's die: the one the system's checks use (d20 until the room's system is known). */
  const die = system ? SYSTEM_INFO[system].quickRoll : 'd20'
  const tableDoc = useMemo(() => connectDoc(roomId, 'table'), [roomId])
  const seatDoc = useMemo(() => connectDoc(roomId, seatDocName(seat.seatId), seat.seatKey), [roomId, seat])
  const logDoc = useMemo(() => connectDoc(roomId, 'log'), [roomId])
  const table = useMemo(() => createTableModel(tableDoc.doc, logDoc.doc), [tableDoc, logDoc])
  const requests = useMemo(() => createSeatModel(seatDoc.doc, seat.seatId), [seatDoc, seat])
  useEffect(
    () => () => {
      tableDoc.destroy()
      logDoc.destroy()
      seatDoc.destroy()
    },
    [tableDoc, logDoc, seatDoc],
  )
  useEffect(() => {
    tableDoc.announce({ name: seat.name, seatId: seat.seatId })
  }, [tableDoc, seat])
  // The sheet forms carry every system's rules: loaded only by a player who still needs a character.
  const needsCharacter =
    tableDoc.synced.value && !table.combatants.value.some((c) => c.seatId === seat.seatId)
  const Chooser = useLazy(loadChooser, needsCharacter)
  const mySeat = table.seats.value.find((s) => s.id === seat.seatId)
  const me = table.combatants.value.find((c) => c.seatId === seat.seatId)
  // The newest entry that is this player's, by the ids the room wrote: a roll or an outcome of their own
  // requests, an attack by or on their character, or an effect that changed it.
  const mine = requests.logIds.value
  const latest = me
    ? table.log.value.findLast(
        (e) =>
          mine.has(e.id) ||
          e.attack?.attackerId === me.id ||
          e.attack?.targetId === me.id ||
          Boolean(e.changes && me.id in e.changes),
      )
    : undefined
  const open = table.combatants.value.filter((c) => c.side === 'pc' && !c.seatId)
  const waiting = requests.pending.value.length
  const turn = table.turn.value
  const moving = factionToMove(turn)
  const mineInRound = me ? turn.factions?.characters[me.id] : undefined
  const sideMoves = Boolean(turn.status === 'running' && mineInRound && mineInRound.faction === moving)
  // In an ambush's bonus round only the concealed act.
  const myFactionMove =
    sideMoves &&
    !mineInRound?.spent &&
    !mineInRound?.out &&
    (!turn.factions?.bonusRound || Boolean(mineInRound?.concealed))
  // A turn of one's own to end, where the round runs in an order (in faction play the side moves on).
  const myTurn = Boolean(me && system && SYSTEM_INFO[system].rounds === 'order' && isActing(turn, me.id))
  const ownDice = useSignal<string | null>(null)
  const ownError = useSignal<string | null>(null)
  const surprised = isSurprised(turn, me?.id)
  // The room's turn model says whom the round waits for (one roll for a side counts for all of it).
  const needsInitiative = Boolean(
    me && turn.status === 'initiative' && turn.waiting?.[me.id] === 'initiative',
  )
  // Rounds that open with a Statement of Intent (brp) instead of an initiative roll.
  const stating = Boolean(
    me && system && SYSTEM_INFO[system].statesIntent && turn.status === 'initiative' && !surprised,
  )
  const IntentForm = useLazy(loadIntentForm, stating)
  const canAttack = Boolean(me && mayAttack(turn, me.id))
  /** The fight asks something of this player now (their turn, their side's move, their initiative). */
  const busy = myTurn || sideMoves || needsInitiative || canAttack
  const composing = useSignal(false)
  const Composer = useLazy(loadComposer, composing.value)
  const myPrompts = table.prompts.value.filter((p) => p.targetId === me?.id)
  const nameOf = (id: string) => table.combatants.value.find((c) => c.id === id)?.name ?? 'Someone'
  const sendOwn = (event: Event) => {
    event.preventDefault()
    if (needsInitiative) {
      // Initiative dice differ by system (spelljammer rolls one per attack): the room checks the faces.
      const faces = (ownDice.value ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
      if (faces.length === 0 || faces.some((f) => !Number.isInteger(f) || f < 1)) {
        ownError.value = 'Type the faces you rolled, e.g. 4 (or 7, 5 for two attacks).'
        return
      }
      requests.rollInitiative(faces)
      ownDice.value = null
      return
    }
    const checked = validateFace(die, ownDice.value ?? '')
    if (!checked.ok) {
      ownError.value = checked.error
      return
    }
    requests.quickRoll(die, [checked.value])
    ownDice.value = null
  }
  // The phone stays awake while the fight runs, so the turn banner is there when it is your turn.
  useWakeLock(turn.status !== 'idle')
  const worst = seatDoc.state.value === 'online' ? tableDoc.state.value : seatDoc.state.value
  return (
    <main class="page player">
      <header class="topbar">
        <div>
          <h1>{seat.name}</h1>
          <span class="muted small">{title}</span>
        </div>
        <div class="topbar-tools">
          <ConnectionBadge state={worst} />
          <ThemeToggle />
        </div>
      </header>
      <TurnBanner turn={table.turn.value} combatants={table.combatants.value} mine={me?.id} />
      {(seatDoc.error.value || tableDoc.error.value) && (
        <p class="error" role="alert">
          {seatDoc.error.value ?? tableDoc.error.value}
        </p>
      )}
      <div class="player-grid">
        <div class="player-main">
          {mySeat?.freed ? (
            <section class="card">
              <h2>Your seat was freed</h2>
              <p>The GM took this seat back. Join again to play.</p>
              <button type="button" class="primary big" onClick={props.onFreed}>
                Join again
              </button>
            </section>
          ) : me ? (
            <>
              <section class="card me" aria-label="Your character">
                <CombatantList combatants={[me]} />
              </section>
              {latest && <ResultCard entry={latest} />}
            </>
          ) : (
            system &&
            tableDoc.synced.value &&
            (Chooser ? (
              <Chooser roomId={roomId} system={system} playerName={seat.name} open={open} seat={requests} />
            ) : (
              <p class="muted">Loading the character sheet…</p>
            ))
          )}
          {myPrompts.map((p) => (
            <DefensePrompt
              key={p.id}
              prompt={p}
              attacker={nameOf(p.attackerId)}
              target={nameOf(p.targetId)}
              viewer="defender"
              onAnswer={(choice) => requests.defend(p.id, choice)}
            />
          ))}
          {composing.value && canAttack && me && system && Composer && (
            <Composer
              system={system}
              attacker={me}
              targets={table.combatants.value}
              onRoll={(targetId, declared, faces) => {
                requests.attack(targetId, declared, faces)
                composing.value = false
              }}
              ownDice
              onClose={() => (composing.value = false)}
            />
          )}
          {stating && me && system && IntentForm && (
            <section class="card" aria-label="Your intent this round">
              <IntentForm
                system={system}
                combatant={me}
                declared={turn.intents?.[me.id]}
                onDeclare={(intent) => requests.declareIntent(intent)}
                action="State my intent"
              />
            </section>
          )}
          {/* The buttons of the fight wait until the player has a character to fight with. */}
          <div class="thumb-bar" hidden={!me}>
            {requests.lastError.value && (
              <p class="error" role="alert">
                {requests.lastError.value}
              </p>
            )}
            {ownDice.value !== null ? (
              <form class="own-dice" onSubmit={sendOwn}>
                <label class="field">
                  <span>{needsInitiative ? 'Your initiative dice show' : `Your ${die} shows`}</span>
                  <input
                    inputMode={needsInitiative ? 'text' : 'numeric'}
                    value={ownDice.value}
                    onInput={(e) => {
                      ownDice.value = e.currentTarget.value
                      ownError.value = null
                    }}
                  />
                </label>
                {ownError.value && (
                  <p class="error" role="alert">
                    {ownError.value}
                  </p>
                )}
                <div class="row gap">
                  <button type="button" class="ghost" onClick={() => (ownDice.value = null)}>
                    Cancel
                  </button>
                  <button type="submit" class="primary push">
                    Send my roll
                  </button>
                </div>
              </form>
            ) : (
              <>
                {requests.lastRefusal.value && !requests.lastError.value && (
                  <p class="error" role="alert">
                    {requests.lastRefusal.value}
                  </p>
                )}
                {/* While composing an attack, its own Roll and Cancel are the only buttons in thumb reach. */}
                {!composing.value && (
                  <>
                    {needsInitiative && (
                      <button type="button" class="primary huge" onClick={() => requests.rollInitiative()}>
                        Roll initiative
                      </button>
                    )}
                    {canAttack && (
                      <button type="button" class="primary huge" onClick={() => (composing.value = true)}>
                        Attack
                      </button>
                    )}
                    {myTurn && (
                      <button type="button" class="huge" onClick={() => requests.endTurn()}>
                        End my turn
                      </button>
                    )}
                    {sideMoves && (
                      <div class="row gap">
                        {myFactionMove && (
                          <button
                            type="button"
                            class="primary huge"
                            onClick={() => requests.factionMove('act')}
                          >
                            I act now
                          </button>
                        )}
                        <button type="button" class="huge" onClick={() => requests.factionMove('pass')}>
                          We pass
                        </button>
                      </div>
                    )}
                    {/* The quick roll leads when nothing else is asked of the player; else it steps back. */}
                    <div class={busy ? 'row gap quick-rolls' : 'quick-rolls'}>
                      <button
                        type="button"
                        class={busy ? 'big' : 'primary huge'}
                        onClick={() => requests.quickRoll(die)}
                      >
                        Roll {die}
                        {waiting > 0 && <span class="small"> · {waiting} waiting to send</span>}
                      </button>
                      <button type="button" class="ghost own-button" onClick={() => (ownDice.value = '')}>
                        I rolled my own dice
                      </button>
                    </div>
                  </>
                )}
              </>
            )}
          </div>
        </div>
        <div class="player-side">
          <TurnOrder turn={table.turn.value} combatants={table.combatants.value} />
          <section class="card" aria-labelledby="fight-h">
            <h2 id="fight-h">In the fight</h2>
            <CombatantList combatants={table.combatants.value.filter((c) => c.id !== me?.id)} />
          </section>
          <section class="card" aria-labelledby="log-h">
            <h2 id="log-h">Log</h2>
            <RollLog entries={table.log.value} />
          </section>
        </div>
      </div>
    </main>
  )
}
