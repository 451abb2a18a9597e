/**
 * The GM's turn card: whose turn, what the round waits for, starting (with surprise), rolling for the
 * monsters, their intents and attacks, the faction moves, defense prompts, and the order of the round.
 */
import type { Intent, StartedBy, SystemId, Unaware, Written } from '@fray/protocol'
import { isActing, mayAttack, SYSTEM_INFO, turnPlace, turnWordsOf } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from '../../components/alert.tsx'
import { AskOnce } from '../../components/ask-once.tsx'
import { DefensePrompt } from '../../components/defense-prompt.tsx'
import { TurnBanner, TurnOrder } from '../../components/turn-banner.tsx'
import { doneHere, type GmAsk, type GmModel } from '../../models/gm.ts'
import { monstersDone } from '../../models/monsters-turn.ts'
import { useRules } from '../../models/rules.ts'
import type { Combatant, TableModel } from '../../models/table.ts'
import { isSurprised, noActionNow, turnKey } from '../../models/turn.ts'
import { useEndsByItself } from '../use-ends-by-itself.ts'
import { useLazy } from '../use-lazy.ts'
import { useTapLock } from '../use-tap-lock.ts'
import { NewFight, RestCard } from './between-fights.tsx'
import { DueEvents } from './events-card.tsx'

const loadIntentForm = () => import('../intent-form.tsx').then((m) => m.IntentForm)
const loadComposer = () => import('../composer.tsx').then((m) => m.Composer)

const UNAWARE_LABEL: Record<Unaware, string> = {
  pc: 'The players may be caught unaware',
  foe: 'The monsters may be caught unaware',
  both: 'Either side may be caught unaware',
}

interface Props {
  table: TableModel
  gm: GmModel
  system: SystemId | null
  /** Everyone in the fight, the monsters still hidden included. */
  combatants: Combatant[]
  /** Whether this tablet holds the table and the log as far as the room had written them. */
  holds: (written: Written) => boolean
}

export function TurnCard({ table, gm, system, combatants: allCombatants, holds }: Props) {
  const send = gm.send
  /** The answer the GM sent to a prompt: shown taken until the room takes the prompt away (or refuses it). */
  const defended = useSignal<{ promptId: string; requestId: string; choice: string } | null>(null)
  // A button of the turn, once tapped, is locked until this tablet holds all it did (else two taps of
  // Next turn on a slow link move the turn on twice).
  const { locked, sent: tapped } = useTapLock((id) => doneHere(gm, id, holds))
  const tap = (request: GmAsk) => tapped(send(request))
  const ask = (kind: 'roll-foes' | 'end-combat') => tap({ kind })
  const turnState = table.turn.value
  const rules = useRules(system)
  // What the system says of its own round: its place, its words, whose side moves (zones).
  const view = rules?.turn.view
  // From where the turn stands on this screen: the room refuses it once the turn has moved on (a second
  // device of the GM's, or a player's "End my turn" crossing this tap), so it never skips anyone.
  const moveOn = (kind: 'next-turn' | 'pass' | 'begin-actions') =>
    tap({ kind, from: turnPlace(turnState, view) })
  const info = system ? SYSTEM_INFO[system] : null
  const stating = Boolean(info?.statesIntent) && turnState.status === 'initiative'
  // spelljammer: the dice follow the declaration, and the round waits for them (brp's waits for intents).
  const rolling = Object.values(turnState.waiting ?? {}).includes('initiative')
  const acting = table.combatants.value.filter((c) => !isSurprised(turnState, c.id))
  const waitingFor =
    turnState.status === 'initiative'
      ? // In the order the turn model awaits them (brp: highest DEX first, 5.2).
        Object.keys(turnState.waiting ?? {}).flatMap((id) => acting.find((c) => c.id === id)?.name ?? [])
      : []
  const unaware = useSignal<Unaware | ''>('')
  const ambush = useSignal(false)
  // zones: who started the fight holds the initiative; unclear, the room rolls it. An ambush says who.
  const startedBy = useSignal<StartedBy | ''>('')
  const asksWhoStarted = Boolean(info?.asksWhoStarted) && !unaware.value
  const start = () =>
    tap({
      kind: 'start-combat',
      ...(unaware.value ? { surprise: { unaware: unaware.value, ambush: ambush.value } } : {}),
      ...(asksWhoStarted && startedBy.value ? { startedBy: startedBy.value } : {}),
    })
  const declareFor = (combatantId: string, intent: Intent) => send({ kind: 'intent', combatantId, intent })
  const attacking = useSignal<string | null>(null)
  const Composer = useLazy(loadComposer, attacking.value !== null)
  const monsterAttacker = table.combatants.value.find((c) => c.id === attacking.value)
  const actingFoes = table.combatants.value.filter((c) => c.side === 'foe' && mayAttack(turnState, c.id))
  // A monster the rules leave nothing to do this turn says why, instead of a button to a refusal.
  const barred = (c: Combatant) => (rules ? noActionNow(rules, c, turnState, table.combatants.value) : null)
  const nameOf = (id: string) => allCombatants.find((c) => c.id === id)?.name ?? 'Someone'
  // Typed dice held for the GM's approval: the turn does not move past their attack until it is judged.
  const judging = [
    ...new Set(
      table.log.value.flatMap((e) =>
        e.status === 'pending' && e.attack ? [nameOf(e.attack.attackerId)] : [],
      ),
    ),
  ]
  const IntentForm = useLazy(loadIntentForm, stating)
  // The monsters acting have nothing left (no attack, or zones' main action taken): their part of the turn
  // ends by itself, as a player's does on the phone (after the window to move them, where the rules let).
  const done =
    turnState.status === 'running' &&
    !monsterAttacker &&
    judging.length === 0 &&
    monstersDone(turnState, table.combatants.value, table.prompts.value.length)
  const monstersEnd = useEndsByItself(done, turnKey(turnState, view), Boolean(info?.movesAfterAttack), () =>
    moveOn('next-turn'),
  )
  const newFight = (
    <NewFight gm={gm} monsters={table.combatants.value.filter((c) => c.side !== 'pc').length} />
  )
  return (
    <section class="card turn-card" aria-label="Turn order" data-busy={locked ? '' : undefined}>
      <TurnBanner turn={table.turn.value} combatants={allCombatants} view={view} />
      {monstersEnd.ending && (
        <div class="turn-note row gap" role="status" data-testid="monsters-end">
          <span>
            Nothing left of {(turnState.acting ?? []).map(nameOf).join(' and ')}’s turn:{' '}
            {monstersEnd.endsIn.value > 0 ? `it ends in ${monstersEnd.endsIn.value} s.` : 'it ends now.'}
          </span>
          {monstersEnd.endsIn.value > 0 && (
            <button type="button" class="ghost push" onClick={monstersEnd.keep}>
              Keep their turn
            </button>
          )}
        </div>
      )}
      {turnState.status !== 'idle' && <DueEvents gm={gm} due={turnState.due ?? []} />}
      {table.turn.value.status === 'initiative' && waitingFor.length > 0 && (
        <p class="muted">
          Waiting for {stating ? 'the intent of' : 'initiative from'} {waitingFor.join(', ')}.
        </p>
      )}
      {judging.length > 0 && (
        <p class="muted">The turn waits for your verdict on {judging.join(', ')}’s dice, in the log.</p>
      )}
      {stating && system && IntentForm && (
        <div class="foe-intents">
          {acting
            // Once a monster has rolled, its declaration stands (spelljammer).
            .filter((c) => c.side === 'foe' && !turnState.initiative[c.id])
            .map((c) => (
              <details key={c.id} class="foe-intent">
                <summary>
                  {c.name}: {view?.declared?.(turnState, c.id) ? 'intent stated' : 'stays put, first weapon'}
                </summary>
                <IntentForm
                  system={system}
                  combatant={c}
                  declared={view?.declared?.(turnState, c.id)}
                  onDeclare={(intent) => declareFor(c.id, intent)}
                  forFoe
                />
              </details>
            ))}
        </div>
      )}
      <Alert text={gm.error.value} onDismiss={gm.dismiss} />
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
            {asksWhoStarted && (
              <label class="field">
                <span>Who started the fight</span>
                <select
                  value={startedBy.value}
                  onChange={(e) => (startedBy.value = e.currentTarget.value as StartedBy | '')}
                >
                  <option value="">Unclear: roll it</option>
                  <option value="pc">The players</option>
                  <option value="foe">The foes</option>
                </select>
              </label>
            )}
            <button type="button" class="primary" disabled={locked} onClick={start}>
              Start combat
            </button>
            {newFight}
          </>
        ) : (
          <>
            {table.turn.value.status === 'initiative' && (!stating || rolling) && (
              <button type="button" class="primary" disabled={locked} onClick={() => ask('roll-foes')}>
                Roll for monsters
              </button>
            )}
            {((stating && !rolling) || view?.moving?.(turnState)) && (
              <button type="button" class="primary" disabled={locked} onClick={() => moveOn('begin-actions')}>
                {stating &&
                table.combatants.value.some((c) => (view?.declared?.(turnState, c.id)?.metersMoved ?? 0) > 0)
                  ? 'Begin movement'
                  : 'Begin actions'}
              </button>
            )}
            {table.turn.value.status === 'running' &&
              info?.rounds !== 'factions' &&
              !view?.moving?.(turnState) && (
                <button type="button" class="primary" disabled={locked} onClick={() => moveOn('next-turn')}>
                  Next turn
                </button>
              )}
            {/* Faction play: the monster whose turn is under way may stop before it is all spent. */}
            {view?.sides &&
              table.combatants.value
                .filter((c) => c.side === 'foe' && isActing(turnState, c.id))
                .map((c) => (
                  <button
                    key={`end-${c.id}`}
                    type="button"
                    disabled={locked}
                    onClick={() => moveOn('next-turn')}
                  >
                    End {c.name}’s turn
                  </button>
                ))}
            {view?.sides?.toMove(turnState) === 'foes' && (
              <>
                {view.sides
                  .tracker(turnState)
                  .filter((c) => c.faction === 'foes' && view.sides?.free(turnState, c.id))
                  .map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      class="primary"
                      disabled={locked}
                      onClick={() => tap({ kind: 'act', combatantId: c.id })}
                    >
                      {c.name} acts
                    </button>
                  ))}
                <button type="button" disabled={locked} onClick={() => moveOn('pass')}>
                  Foes pass
                </button>
              </>
            )}
            {newFight}
            <AskOnce
              label="End combat"
              buttonClass="ghost push"
              disabled={locked}
              title="End the combat"
              choices={[{ label: 'End the combat', onChoose: () => ask('end-combat') }]}
            >
              The turn order closes in round {table.turn.value.round}, and attacks still waiting for an answer
              are dropped. Undo in the log takes the fight on where it was.
            </AskOnce>
          </>
        )}
      </div>
      {table.turn.value.status === 'idle' && info?.rest && (
        <RestCard rest={info.rest} gm={gm} combatants={table.combatants.value} holds={holds} />
      )}
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
          {actingFoes.map((c) => {
            const why = barred(c)
            return why ? (
              <p key={c.id} class="muted barred-foe" role="status">
                {/* Most rules name the one they bar; a reason that does not is told whose it is. */}
                {why.startsWith(c.name) ? (
                  why
                ) : (
                  <>
                    <strong>{c.name}:</strong> {why}
                  </>
                )}
              </p>
            ) : (
              <button
                key={c.id}
                type="button"
                class="primary"
                disabled={locked}
                onClick={() => (attacking.value = c.id)}
              >
                {c.name} {info ? turnWordsOf(info).does : 'attacks'}
              </button>
            )
          })}
        </div>
      )}
      {monsterAttacker && system && Composer && (
        <Composer
          system={system}
          attacker={monsterAttacker}
          targets={table.combatants.value}
          turn={turnState}
          ownDice
          onRoll={(targetId, declared, faces) => {
            tap({
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
          lateBy={table.settings.value.lateDefense === 'wait' ? 'the GM' : 'the room'}
          playerAnswers={!p.question && Boolean(allCombatants.find((c) => c.id === p.targetId)?.seatId)}
          sent={
            defended.value?.promptId === p.id && gm.resultOf(defended.value.requestId)?.ok !== false
              ? defended.value.choice
              : null
          }
          onAnswer={(choice) => {
            defended.value = {
              promptId: p.id,
              requestId: send({ kind: 'defend', promptId: p.id, choice }),
              choice,
            }
          }}
        />
      ))}
      <TurnOrder
        turn={table.turn.value}
        combatants={allCombatants}
        onHold={table.holdAction}
        nothingToHold={(id) => {
          const c = allCombatants.find((x) => x.id === id)
          return c !== undefined && barred(c) !== null
        }}
        onMove={table.moveSlot}
        view={view}
      />
    </section>
  )
}
