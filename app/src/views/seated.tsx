/**
 * The player's phone once seated: the fight, the character, the one big roll button. Its own chunk (with
 * Yjs and the table's models), loaded while the join form paints: see `player-view.tsx`.
 */
import { hidesDefense, type LogEntry, type RequestResult, type SystemId, seatDocName } from '@fray/protocol'
import { isActing, mayAttack, SYSTEM_INFO, turnPlace, turnWordsOf } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { useEffect, useMemo, useRef } from 'preact/hooks'
import * as Y from 'yjs'
import { Alert } from '../components/alert.tsx'
import { CombatantList } from '../components/combatant-list.tsx'
import { ConnectionBadge } from '../components/connection-badge.tsx'
import { ResultCard, RollLog } from '../components/roll-log.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { TurnBanner, TurnOrder } from '../components/turn-banner.tsx'
import { useSealChecks } from '../components/use-seal-checks.ts'
import { playSound, setSound, soundOn, useWakeLock } from '../device.ts'
import { keepOffline } from '../keep-offline.ts'
import { useRules } from '../models/rules.ts'
import { createSeatModel, type StoredSeat } from '../models/seat.ts'
import { connectDoc, type SyncedDoc } from '../models/sync.ts'
import { createTableModel } from '../models/table.ts'
import { isSurprised, noActionNow, turnKey } from '../models/turn.ts'
import { useEndsByItself } from './use-ends-by-itself.ts'
import { useLazy } from './use-lazy.ts'
import { useTapLock } from './use-tap-lock.ts'

const loadPastFights = () => import('../components/past-fights.tsx').then((m) => m.PastFights)
const loadChooser = () => import('./character-chooser.tsx').then((m) => m.CharacterChooser)
const loadIntentForm = () => import('./intent-form.tsx').then((m) => m.IntentForm)
const loadComposer = () => import('./composer.tsx').then((m) => m.Composer)
const loadOwnRoll = () => import('./own-roll-form.tsx').then((m) => m.OwnRollForm)
const loadFreeRoll = () => import('../components/free-roll-form.tsx').then((m) => m.FreeRollForm)
const loadDefensePrompt = () => import('../components/defense-prompt.tsx').then((m) => m.DefensePrompt)
const loadWaitingCard = () => import('../components/waiting-card.tsx').then((m) => m.WaitingCard)
const loadGlance = () => import('../components/character-glance.tsx').then((m) => m.CharacterGlance)
const loadAidButton = () => import('../components/character-glance.tsx').then((m) => m.AidButton)
const loadInstallHint = () => import('../components/install-hint.tsx').then((m) => m.InstallHint)
const loadHandover = () => import('../components/seat-handover.tsx').then((m) => m.HandoverDialog)

/**
 * The room's public documents, opened while the join form shows: the table (read only, no key yet) and
 * the log. The seated view takes them, so the fight is on the phone the moment the seat is made.
 */
let early: { roomId: string; table: SyncedDoc; log: SyncedDoc } | null = null

/** Opens the room's table and log before the player has a seat (`player-view.tsx`, beside the form). */
export function preconnect(roomId: string): void {
  if (early?.roomId === roomId) return
  early = {
    roomId,
    // Not kept on the device: the seated view's own table connection (with the seat's key) keeps it.
    table: connectDoc(roomId, 'table', undefined, { persist: false }),
    log: connectDoc(roomId, 'log'),
  }
}

/** The early connections of this room, once: the seated view owns them from then on. */
function takeEarly(roomId: string): { table: SyncedDoc; log: SyncedDoc } | null {
  const taken = early?.roomId === roomId ? early : null
  early = null
  return taken
}

export function Seated(props: {
  roomId: string
  seat: StoredSeat
  title: string
  system: SystemId | null
  onFreed: () => void
}) {
  const { roomId, seat, title, system } = props
  /** The quick roll's die: the one the system's checks use (d20 until the room's system is known). */
  const die = system ? SYSTEM_INFO[system].quickRoll : 'd20'
  // The room's rules, a chunk of their own, loaded at once: the sheet, the intents, the attack sheet and
  // the character card read them (and load only once they are here).
  const screenRules = useRules(system)
  const rules = screenRules !== null
  // Kept for a visit with no network: this screen's chunks and the room's rules.
  useEffect(() => {
    if (system) keepOffline(['player', system])
  }, [system])
  // The table with the seat's key: the room takes a presence naming this seat from this seat's key only.
  const opened = useMemo(() => takeEarly(roomId), [roomId])
  const tableDoc = useMemo(() => {
    // What the early, keyless connection already has is on screen at once; this one syncs the rest.
    const seed = opened ? Y.encodeStateAsUpdate(opened.table.doc) : undefined
    opened?.table.destroy()
    return connectDoc(roomId, 'table', seat.seatKey, seed ? { seed } : {})
  }, [roomId, seat, opened])
  const seatDoc = useMemo(() => connectDoc(roomId, seatDocName(seat.seatId), seat.seatKey), [roomId, seat])
  const logDoc = useMemo(() => opened?.log ?? connectDoc(roomId, 'log'), [roomId, opened])
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
  const Chooser = useLazy(loadChooser, needsCharacter && rules)
  const mySeat = table.seats.value.find((s) => s.id === seat.seatId)
  const me = table.combatants.value.find((c) => c.seatId === seat.seatId)
  // The newest entry that is this player's, by the ids the room wrote: a roll or an outcome of their own
  // requests, an attack by or on their character, or an effect on it. The end of a round touches everyone's
  // bookkeeping: it takes the card only where their hit points moved or it says their name.
  const mine = requests.logIds.value
  const affects = (e: LogEntry, id: string, name: string) => {
    const change = e.changes?.[id]
    if (!change) return false
    if (e.kind !== 'end-of-round') return true
    return change.after.hp !== change.before.hp || (e.detail ?? '').includes(name)
  }
  const latest = me
    ? table.log.value.findLast(
        (e) =>
          mine.has(e.id) ||
          e.attack?.attackerId === me.id ||
          e.attack?.targetId === me.id ||
          affects(e, me.id, me.name),
      )
    : undefined
  const open = table.combatants.value.filter((c) => c.side === 'pc' && !c.seatId)
  const waiting = requests.pending.value.length
  const turn = table.turn.value
  // Where sides alternate (zones), the system says whose side moves and who of it may still act.
  const view = screenRules?.turn.view
  const sides = view?.sides
  const moving = sides?.toMove(turn) ?? null
  const mineInRound = me ? sides?.tracker(turn).find((c) => c.id === me.id) : undefined
  const sideMoves = Boolean(turn.status === 'running' && mineInRound && mineInRound.faction === moving)
  // Not spent, not out; in an ambush's bonus round only the concealed act.
  const myFactionMove = sideMoves && Boolean(me && sides?.free(turn, me.id))
  // A turn of one's own to end: one's slot in the order, or in faction play the turn one's side took with them.
  const myTurn = Boolean(me && isActing(turn, me.id))
  /** Typing a face rolled on the table's own dice: '' while the form is open, null when closed. */
  const ownDice = useSignal<string | null>(null)
  const OwnRoll = useLazy(loadOwnRoll, ownDice.value !== null)
  const freeRolling = useSignal(false)
  /** The table's own dice, typed in: asked for initiative, or from the dice drawer. */
  const ownButton = (
    <button
      type="button"
      class="ghost own-button wide"
      onClick={() => {
        freeRolling.value = false
        ownDice.value = ''
      }}
    >
      I rolled my own dice
    </button>
  )
  const FreeRoll = useLazy(loadFreeRoll, freeRolling.value)
  // Past fights come with a campaign's second fight: most first loads have none to show.
  const PastFights = useLazy(loadPastFights, table.pastFights.value.length > 0)
  // A refusal describes the turn it was answered in: once the turn moves on, it is no longer shown.
  const refusedIn = useRef(new Map<string, string>())
  const refusal = requests.lastRefusal.value
  if (refusal && !refusedIn.current.has(refusal.requestId))
    refusedIn.current.set(refusal.requestId, turnKey(turn, view))
  const currentRefusal =
    refusal && refusedIn.current.get(refusal.requestId) === turnKey(turn, view) ? refusal.error : null
  const surprised = isSurprised(turn, me?.id)
  // The room's turn model says whom the round waits for (one roll for a side counts for all of it).
  // Typed dice in a room that approves physical dice wait in the log for the GM's verdict: initiative,
  // or an attack (the room then takes nothing more of the turn until the verdict).
  const held = me ? table.log.value.filter((e) => e.status === 'pending') : []
  const initiativeHeld = held.some((e) => e.initiative?.combatantId === me?.id)
  const needsInitiative = Boolean(
    me && turn.status === 'initiative' && turn.waiting?.[me.id] === 'initiative' && !initiativeHeld,
  )
  // Rounds that open with a declaration: brp's Statement of Intent (instead of an initiative roll),
  // spelljammer's Action Declaration (before it: once one has rolled, one's declaration stands).
  const stating = Boolean(
    me &&
      system &&
      SYSTEM_INFO[system].statesIntent &&
      turn.status === 'initiative' &&
      !surprised &&
      !turn.initiative[me.id],
  )
  const IntentForm = useLazy(loadIntentForm, stating && rules)
  const canAttack = Boolean(me && mayAttack(turn, me.id))
  // Why the rules leave no action on this turn (osr: reloading; spelljammer: Desperate Defense; odnd:
  // surprised): said where the turn's button would be, rather than a sheet that could only refuse.
  const barred =
    canAttack && me && screenRules ? noActionNow(screenRules, me, turn, table.combatants.value) : null
  // Between fights, helping the wounded (brp's First Aid) waits for nobody's turn.
  const canAid = Boolean(me && turn.status === 'idle')
  const AidButton = useLazy(loadAidButton, canAid && rules)
  const composing = useSignal(false)
  const Composer = useLazy(loadComposer, composing.value && rules)
  const mayCompose = canAttack || myFactionMove || canAid
  // A sheet the turn no longer allows (the GM moved the turn on) goes with it, not to reopen by itself later.
  useEffect(() => {
    if (!mayCompose) composing.value = false
  }, [mayCompose, composing])
  // (A question an outcome asks the GM, such as whom a missed shot may hit, is the GM's alone.)
  const myPrompts = table.prompts.value.filter((p) => p.targetId === me?.id && !p.question)
  // The defense prompt's code comes with the first attack on this player (a few kB off the first load).
  /** The defense this player sent: shown taken until the room takes the prompt away (or refuses it). */
  const defended = useSignal<{ promptId: string; requestId: string; choice: string } | null>(null)
  const DefensePrompt = useLazy(loadDefensePrompt, myPrompts.length > 0)
  // The attack just sent: its card comes into view when the room answers (or while its defender decides).
  const sent = useSignal<string | null>(null)
  /** Whether this phone has all a request of its did: the room's answer, and the table and log it followed. */
  const hasAll = (requestId: string, legacy: (result: RequestResult) => boolean) => {
    const result = requests.resultOf(requestId)
    const after = requests.afterOf(requestId)
    if (!result) return false
    return after ? tableDoc.has(after.table) && logDoc.has(after.log) : legacy(result)
  }
  // The answer comes on the seat's connection, what the attack did to the turn and the log on theirs: it is
  // on its way until this phone has all three (else its turn, not yet counted, would offer it again). A
  // room before `after` is waited for by the log's entry alone.
  const landed = Boolean(
    sent.value && hasAll(sent.value, (r) => !r.ok || table.log.value.some((e) => e.id === r.logId)),
  )
  // A turn's button tapped (initiative, the end of a turn, the side's move) is locked until the turn has
  // what it did: else, on a slow connection, nothing seems to happen and a second tap asks again.
  const { locked, sent: tapped } = useTapLock((id) => hasAll(id, () => true))
  const tap = (send: () => string) => () => tapped(send())
  const deciding = me ? table.prompts.value.find((p) => p.attackerId === me.id) : undefined
  const rolling = Boolean(sent.value && !landed)
  /** An attack of this player's is on its way, waits for its defender or the GM: no second one meanwhile. */
  const attackOpen = rolling || Boolean(deciding) || held.some((e) => e.attack?.attackerId === me?.id)
  // Loaded with the attack sheet, so it is there when the attack waits for its defender.
  const WaitingCard = useLazy(loadWaitingCard, composing.value || attackOpen)
  const lastTargetId = me
    ? table.log.value.findLast((e) => e.attack?.attackerId === me.id)?.attack?.targetId
    : undefined
  // Nothing left this turn (no attack left, none waiting for its defender): the turn ends by itself, at
  // once, or after a short window to keep it where the rules let one move after attacking.
  const key = turnKey(turn, view)
  const moves = system ? SYSTEM_INFO[system].movesAfterAttack : false
  const spent = Boolean(me && myTurn && turn.attacksLeft?.[me.id] === 0 && !attackOpen)
  // The turn's main action taken (zones), the rest one may take or leave: it ends the same way, after the
  // window, and End my turn leads (#54).
  const mainDone = Boolean(me && myTurn && turn.mainDone?.includes(me.id) && !attackOpen)
  const { ending, endsIn, keep } = useEndsByItself(spent || mainDone, key, moves, () => requests.endTurn())
  const resultSlot = useRef<HTMLDivElement>(null)
  const shownId = deciding?.id ?? (rolling ? 'rolling' : latest?.id)
  useEffect(() => {
    if (!sent.value || !shownId) return
    // After Roll the sheet is gone: the card that answers it comes into view and takes the focus.
    const slot = resultSlot.current
    slot?.focus({ preventScroll: true })
    // At the top of the screen: the thumb bar's buttons never cover it.
    slot?.scrollIntoView({ block: 'start' })
    // Done once all the answer did is here (its card among it), unless it waits for its defender.
    if (landed && !deciding) sent.value = null
  }, [shownId, landed, deciding, sent.value])
  const nameOf = (id: string) => table.combatants.value.find((c) => c.id === id)?.name ?? 'Someone'
  /** The initiative dice the turn asks of this player, by sides: one field each ("Your d6 shows"). */
  const initiativeSides = (me && turn.initiativeSides?.[me.id]) || [0]
  // The phone stays awake while the fight runs, so the turn banner is there when it is your turn.
  useWakeLock(turn.status !== 'idle')
  const seals = useSealChecks(table.log.value)
  const worst = seatDoc.state.value === 'online' ? tableDoc.state.value : seatDoc.state.value
  // Another phone took this seat (the GM let it in there): this one can do nothing more in it.
  const signedOut = seatDoc.state.value === 'signed-out' && !mySeat?.freed
  const handingOver = useSignal(false)
  const sound = useSignal(soundOn())
  const Handover = useLazy(loadHandover, handingOver.value)
  const Glance = useLazy(loadGlance, Boolean(me && system) && rules)
  // A fight this page saw end: the moment for the install hint (once a device: install-hint.tsx).
  const fought = useRef(false)
  if (turn.status !== 'idle') fought.current = true
  const afterFight = fought.current && turn.status === 'idle'
  const InstallHint = useLazy(loadInstallHint, afterFight)
  // What a reload into a new version would cut short (update-ready.ts): a request on its way, a sheet open.
  const midway =
    waiting > 0 || rolling || locked || composing.value || ownDice.value !== null || freeRolling.value
  return (
    <main class="page player" data-busy={midway ? '' : undefined}>
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
      <TurnBanner turn={table.turn.value} combatants={table.combatants.value} mine={me?.id} view={view} />
      {ending && (
        <div class="turn-note row gap" role="status" data-testid="turn-ends">
          <span>
            {spent ? 'Nothing left to do this turn' : 'Your action is taken'}:{' '}
            {endsIn.value > 0 ? `it ends in ${endsIn.value} s.` : 'it ends now.'}
          </span>
          {endsIn.value > 0 && (
            <button type="button" class="ghost push" onClick={keep}>
              Keep my turn
            </button>
          )}
        </div>
      )}
      {!signedOut && (seatDoc.error.value || tableDoc.error.value) && (
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
          ) : signedOut ? (
            <section class="card" aria-label="Signed out">
              <h2>Signed out</h2>
              <p>{seatDoc.error.value}</p>
              <p class="muted">Ask the GM for a seat code, then join again with it.</p>
              <button type="button" class="primary big" onClick={props.onFreed}>
                Join again
              </button>
            </section>
          ) : me ? (
            <>
              <section class="card me" aria-label="Your character">
                <CombatantList combatants={[me]} />
                {Glance && system && <Glance system={system} me={me} />}
              </section>
              <div class="result-slot" ref={resultSlot} tabIndex={-1}>
                {deciding && WaitingCard ? (
                  <WaitingCard
                    prompt={deciding}
                    target={nameOf(deciding.targetId)}
                    byPlayer={Boolean(table.combatants.value.find((c) => c.id === deciding.targetId)?.seatId)}
                  />
                ) : rolling || deciding ? (
                  <section class="card waiting-card" aria-label="Your attack" data-testid="waiting-card">
                    <p class="waiting-head">Rolling your attack…</p>
                  </section>
                ) : (
                  latest && <ResultCard entry={latest} />
                )}
              </div>
              {afterFight && InstallHint && <InstallHint />}
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
          {DefensePrompt &&
            myPrompts.map((p) => (
              <DefensePrompt
                key={p.id}
                prompt={p}
                attacker={nameOf(p.attackerId)}
                target={nameOf(p.targetId)}
                viewer="defender"
                lateBy={table.settings.value.lateDefense === 'wait' ? 'the GM' : 'the room'}
                sent={
                  defended.value?.promptId === p.id &&
                  requests.resultOf(defended.value.requestId)?.ok !== false
                    ? defended.value.choice
                    : null
                }
                onAnswer={(choice) => {
                  defended.value = { promptId: p.id, requestId: requests.defend(p.id, choice), choice }
                }}
              />
            ))}
          {composing.value && mayCompose && !attackOpen && me && system && Composer && (
            <Composer
              system={system}
              attacker={me}
              aidOnly={canAid}
              targets={table.combatants.value}
              lastTargetId={lastTargetId}
              turn={turn}
              hideFoeDefense={hidesDefense(table.settings.value, 'foe')}
              sheet
              onRoll={(targetId, declared, faces) => {
                // Faction play: the side's move is taken with this character and its attack, in one go.
                if (!canAttack && myFactionMove) requests.factionMove('act')
                sent.value = requests.attack(targetId, declared, faces)
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
                declared={view?.declared?.(turn, me.id)}
                onDeclare={(intent) => requests.declareIntent(intent)}
              />
            </section>
          )}
          {/* The buttons of the fight wait until the player has a character to fight with. */}
          <div class="thumb-bar" hidden={!me || signedOut}>
            <Alert text={requests.lastError.value} />
            {waiting > 0 && (
              <p class="muted small waiting" role="status">
                {waiting} waiting to send
              </p>
            )}
            {freeRolling.value ? (
              <section class="dice-drawer" aria-label="Dice">
                <div class="row gap quick-rolls">
                  <button
                    type="button"
                    class="big"
                    onClick={() => {
                      requests.quickRoll(die)
                      freeRolling.value = false
                    }}
                  >
                    Roll {die}
                  </button>
                  {ownButton}
                </div>
                {FreeRoll && (
                  <FreeRoll
                    id="phone-free-roll"
                    onRoll={(notation, label) => {
                      requests.freeRoll(notation, label)
                      freeRolling.value = false
                    }}
                    onCancel={() => (freeRolling.value = false)}
                  />
                )}
              </section>
            ) : ownDice.value !== null ? (
              OwnRoll && (
                <OwnRoll
                  die={die}
                  initiativeSides={needsInitiative ? initiativeSides : null}
                  onInitiative={(faces) => {
                    requests.rollInitiative(faces)
                    ownDice.value = null
                  }}
                  onQuickRoll={(face) => {
                    requests.quickRoll(die, [face])
                    ownDice.value = null
                  }}
                  onCancel={() => (ownDice.value = null)}
                />
              )
            ) : (
              <>
                {currentRefusal && !requests.lastError.value && (
                  <p class="error" role="alert">
                    {currentRefusal}
                  </p>
                )}
                {/* While composing an attack, its own Roll and Cancel are the only buttons in thumb reach. */}
                {!composing.value && (
                  <>
                    {initiativeHeld && (
                      <p class="muted" role="status">
                        Your initiative roll waits for the GM’s approval.
                      </p>
                    )}
                    {needsInitiative && (
                      <>
                        <button
                          type="button"
                          class="primary huge"
                          disabled={locked}
                          onClick={tap(() => requests.rollInitiative())}
                        >
                          Roll initiative
                        </button>
                        {ownButton}
                      </>
                    )}
                    {barred && !myFactionMove && (
                      <p class="barred" role="status" data-testid="barred">
                        {barred}
                      </p>
                    )}
                    {((canAttack && !barred) || myFactionMove) && !attackOpen && (
                      <button
                        type="button"
                        class={mainDone ? 'huge' : 'primary huge'}
                        disabled={locked}
                        onClick={() => {
                          // A move or a bonus action after the main one: the turn is kept for it.
                          if (ending) keep()
                          composing.value = true
                        }}
                      >
                        {system ? turnWordsOf(SYSTEM_INFO[system]).button : 'Attack'}
                      </button>
                    )}
                    {canAid && !attackOpen && me && system && AidButton && (
                      <AidButton system={system} me={me} onAid={() => (composing.value = true)} />
                    )}
                    {myTurn && !ending && (
                      <button
                        type="button"
                        class={mainDone || spent ? 'primary huge' : 'huge'}
                        disabled={locked}
                        onClick={tap(() => requests.endTurn())}
                      >
                        End my turn
                      </button>
                    )}
                    {sideMoves && (
                      <div class="row gap side-moves">
                        {myFactionMove && (
                          <button
                            type="button"
                            class="huge"
                            disabled={locked}
                            onClick={tap(() => requests.factionMove('act'))}
                          >
                            I act now
                          </button>
                        )}
                        <button
                          type="button"
                          class="huge"
                          disabled={locked}
                          onClick={tap(() => requests.factionMove('pass', turnPlace(turn, view)))}
                        >
                          We pass
                        </button>
                      </div>
                    )}
                    {/* Nothing to roll unless the fight asks: the quick roll and any dice, one tap away. */}
                    <button type="button" class="ghost own-button" onClick={() => (freeRolling.value = true)}>
                      Other dice…
                    </button>
                  </>
                )}
              </>
            )}
          </div>
        </div>
        <div class="player-side">
          <TurnOrder turn={table.turn.value} combatants={table.combatants.value} view={view} />
          <section class="card" aria-labelledby="fight-h">
            <h2 id="fight-h">In the fight</h2>
            <CombatantList combatants={table.combatants.value.filter((c) => c.id !== me?.id)} />
          </section>
          <section class="card" aria-labelledby="log-h">
            <h2 id="log-h">Log</h2>
            <RollLog entries={table.log.value} seals={seals} />
            {PastFights && <PastFights roomId={roomId} table={table} />}
          </section>
          {!signedOut && (
            <section class="card" aria-labelledby="this-seat-h">
              <h2 id="this-seat-h">This seat</h2>
              <p class="muted small">New phone, or a flat battery? Take this seat with you.</p>
              <button type="button" class="big" onClick={() => (handingOver.value = true)}>
                Use on another phone
              </button>
              <label class="toggle">
                <input
                  type="checkbox"
                  checked={sound.value}
                  onChange={(e) => {
                    sound.value = e.currentTarget.checked
                    setSound(sound.value)
                    if (sound.value) playSound('yourTurn')
                  }}
                />
                <span>Sound for my turn and when I am attacked</span>
              </label>
            </section>
          )}
          {handingOver.value && Handover && (
            <Handover
              roomId={roomId}
              seatId={seat.seatId}
              authKey={seat.seatKey}
              title="Use on another phone"
              note="This phone stays in too."
              takenAt={table.seats.value.find((s) => s.id === seat.seatId)?.handedOverAt}
              takenSaid="Your other phone is in."
              onClose={() => (handingOver.value = false)}
            />
          )}
        </div>
      </div>
    </main>
  )
}
