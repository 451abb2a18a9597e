/**
 * The action composer: pick a target and a weapon, switch on the modifiers that apply, see the exact
 * odds, then one tap to roll. The odds come from the same combat rules the room resolves with. On a
 * phone it is a bottom sheet: its odds and its one Roll button stay pinned in thumb reach at any height.
 */
import type { SystemId } from '@fray/protocol'
import {
  type Declared,
  type DiceAsked,
  IDLE_TURN,
  type ModifierToggle,
  type Outcome,
  ok,
  type Preview,
  percent,
  previewDeclared,
  type TurnState,
  turnWordsOf,
} from '@fray/rules'
import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { loadOwnDice, ownDiceOf, rulesOf } from '../models/rules.ts'
import { asFighter, type Combatant } from '../models/table.ts'
import { openingChoice, targetList } from './composer-targets.ts'
import { askedFirst, splitToggles } from './composer-toggles.ts'

interface Props {
  system: SystemId
  attacker: Combatant
  /** Everyone the attacker could aim at (the app leaves hidden monsters out). */
  targets: Combatant[]
  /** `faces` when the player (or the GM, for a monster) rolled physical dice and typed them in. */
  onRoll: (targetId: string, declared: Declared, faces?: number[]) => void
  onClose: () => void
  /** Whether to offer typing in the faces of physical dice instead of the room's dice. */
  ownDice?: boolean
  /** The one this attacker aimed at last: chosen again if still standing. */
  lastTargetId?: string
  /** A bottom sheet over the phone's view (the GM's tablet shows it in place, as a card). */
  sheet?: boolean
  /**
   * The round as the room keeps it: the toggles it already knows apply (the target caught by surprise,
   * the attacker still concealed) are set at first and shown in view; the attacker may still change them.
   */
  turn?: TurnState
  /** A monster's defense is the GM's secret (a room setting): the odds show the chance alone. */
  hideFoeDefense?: boolean
  /** Only the choices that help (First Aid, waking): between fights, when nobody attacks. */
  aidOnly?: boolean
}

/**
 * The odds without the target's defense, when the room keeps it from players: its lines left out, and
 * the system's words (which name the number needed) replaced by the chance alone.
 */
function withoutDefense(preview: Outcome<Preview>, target: Combatant | null): Outcome<Preview> {
  if (!target || !preview.ok) return preview
  return ok({
    ...preview.value,
    summary: `to hit; ${target.name}’s defense is the GM’s secret.`,
    lines: preview.value.lines.filter((l) => l.defense !== target.id),
  })
}

/** The faces typed so far, up to the first die still empty. */
function facesOf(typed: readonly string[]): number[] {
  const empty = typed.indexOf('')
  return (empty === -1 ? typed : typed.slice(0, empty)).map(Number)
}

export function Composer({
  system,
  attacker,
  targets,
  onRoll,
  onClose,
  ownDice = false,
  lastTargetId,
  sheet = false,
  turn,
  hideFoeDefense = false,
  aidOnly = false,
}: Props) {
  const rules = rulesOf(system).combat
  const me = asFighter(attacker)
  // The round as it stands and everyone on the table, for rules that read more than the two fighters
  // (what is left of a zones turn, who guards; an odnd retreat from all in melee).
  const view = {
    turn: turn ?? IDLE_TURN,
    fighters: [me, ...targets.filter((t) => t.id !== me.id).map(asFighter)],
  }
  const all = rules.choices(me, view)
  const choices = aidOnly && all.ok ? ok(all.value.filter((c) => c.aid)) : all
  const choice = useSignal(
    choices.ok ? (openingChoice(choices.value, turn, attacker.id, rulesOf(system).turn.view)?.id ?? '') : '',
  )
  const choiceOf = (id: string) => (choices.ok ? choices.value.find((c) => c.id === id) : undefined)
  /** Whether a choice helps its target (First Aid): then one's own side comes first, the fallen first of all. */
  const aids = (id: string) => Boolean(choiceOf(id)?.aid)
  const isOut = (t: Combatant) => rules.out(asFighter(t)) !== null
  const helping = aids(choice.value)
  const { standing, fallen, chosen } = targetList(attacker, targets, { helping, isOut, lastTargetId })
  const showFallen = useSignal(false)
  const ordered = showFallen.value || standing.length === 0 ? [...standing, ...fallen] : standing
  const targetId = useSignal(chosen)
  /** The words of the Roll button: the choice's own where it is not an attack ("Roll First Aid"). */
  const verb = choiceOf(choice.value)?.verb ?? 'Roll the attack'
  const choose = (id: string) => {
    choice.value = id
    // Switching between attacking and helping: the first of the new list is the one meant.
    if (aids(id) !== helping)
      targetId.value = targetList(attacker, targets, { helping: aids(id), isOut, lastTargetId }).chosen
  }
  // What the attacker set or cleared by hand, over what the room knows (which follows the target).
  const flipped = useSignal<Record<string, boolean>>({})
  const typing = useSignal(false)
  const typed = useSignal<string[]>([])
  // Asking for one's own dice die by die runs the system's `resolve`, loaded on the first ask.
  const askDice = ownDiceOf(system)
  const resolveFailed = useSignal<string | null>(null)
  const askResolve = () => {
    resolveFailed.value = null
    loadOwnDice(system).catch(() => {
      resolveFailed.value =
        'Your own dice need the connection once, to load what they are asked for. Roll with the room’s dice, or try again when you are back online.'
    })
  }
  const moreOpen = useSignal(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const body = useRef<HTMLDivElement>(null)
  // The sheet takes the focus when it opens, so a screen reader starts at its title.
  useEffect(() => {
    if (sheet) heading.current?.focus()
  }, [sheet])
  // Typing one's own dice: the keypad's first field comes into view under the toggles.
  useEffect(() => {
    if (typing.value) body.current?.querySelector<HTMLInputElement>('.own-dice input')?.focus()
  }, [typing.value, askDice])
  /** A declaration about oneself (parry and dodge): its target is the declarer, and no list is shown. */
  const own = Boolean(choiceOf(choice.value)?.self)
  const target = own ? attacker : ordered.find((t) => t.id === targetId.value)

  if (!choices.ok) return <Refusal text={choices.error} onClose={onClose} sheet={sheet} />
  const sheetHead = (
    <div class="row gap sheet-head">
      <h2 id="composer-h" tabIndex={-1} ref={heading}>
        {attacker.name} {aidOnly ? 'helps' : turnWordsOf(rulesOf(system).info).does}
      </h2>
      <button type="button" class="ghost push" onClick={onClose}>
        Cancel
      </button>
    </div>
  )
  const targetsField = (
    <fieldset class="targets" hidden={own}>
      <legend>Target</legend>
      {ordered.map((t) => (
        <label key={t.id} class={`target ${t.id === targetId.value ? 'chosen' : ''}`}>
          <input
            type="radio"
            name="target"
            checked={t.id === targetId.value}
            onChange={() => (targetId.value = t.id)}
          />
          <span class="target-name">{t.name}</span>
          <span class="muted small">
            {[
              t.hpHidden ? t.health : `${t.hp}/${t.maxHp} HP`,
              t.status?.length ? t.status.join(', ') : fallen.includes(t) ? 'out of the fight' : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </label>
      ))}
      {fallen.length > 0 && standing.length > 0 && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={showFallen.value}
            onChange={(e) => {
              showFallen.value = e.currentTarget.checked
              if (!e.currentTarget.checked && !standing.some((t) => t.id === targetId.value))
                targetId.value = standing.find((t) => t.side !== attacker.side)?.id ?? ''
            }}
          />
          <span>Also the fallen ({fallen.map((t) => t.name).join(', ')})</span>
        </label>
      )}
    </fieldset>
  )
  const withField = (
    <label class="field">
      <span>With</span>
      <select value={choice.value} onChange={(e) => choose(e.currentTarget.value)}>
        {choices.value.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  )
  if (!target && ordered.length === 0)
    return <Refusal text="There is nobody to attack." onClose={onClose} sheet={sheet} />
  // Nobody is chosen for the player on their own side (issue #54): they tap whom they mean.
  if (!target)
    return (
      <section class={`card composer ${sheet ? 'sheet' : ''}`} aria-labelledby="composer-h">
        {sheetHead}
        <div class="sheet-body">
          {targetsField}
          <p class="muted">No foe stands: tap whom you mean.</p>
          {withField}
        </div>
      </section>
    )
  const them = asFighter(target)
  const offered = rules.toggles(me, them, choice.value)
  const known = turn ? (rulesOf(system).turn.known?.(turn, me, them) ?? []) : []
  // Only toggles that apply to this weapon and this target count.
  const set = offered.map((t) => t.id).filter((id) => flipped.value[id] ?? known.includes(id))
  // What the round says of this attack (spelljammer: the segment it falls on), as the room writes it.
  const facts = turn?.status === 'running' ? (rulesOf(system).turn.facts?.(turn, me, them) ?? []) : []
  const declared: Declared = { choice: choice.value, toggles: set, ...(facts.length > 0 && { round: facts }) }
  // The attack planned once: its odds, and the dice it asks of one's own hand, both from the plan.
  const planned = rules.plan(me, them, declared, view)
  const preview = withoutDefense(
    planned.ok ? rules.preview(planned.value) : planned,
    hideFoeDefense && them.side === 'foe' ? them : null,
  )
  // A question the rules need answered before any roll (a bow's range): asked as a choice, not an error.
  const ask = askedFirst(
    offered,
    (ids) => previewDeclared(rules, me, them, { choice: choice.value, toggles: ids }, view).ok,
  )
  const asked = ask.find((t) => set.includes(t.id))
  const { first, more } = splitToggles(
    offered.filter((t) => !ask.includes(t)),
    known,
  )
  const moreSet = more.filter((t) => set.includes(t.id)).length
  const flip = (id: string, on: boolean) => {
    flipped.value = { ...flipped.value, [id]: on }
  }
  const answer = (id: string) => {
    flipped.value = { ...flipped.value, ...Object.fromEntries(ask.map((t) => [t.id, t.id === id])) }
  }
  const ready = preview.ok && (ask.length === 0 || asked !== undefined)
  // One's own dice only where the action rolls any (odnd's run or fighting withdrawal rolls none).
  const rollsDice = ready && preview.value.dice !== false
  const ownAsked = typing.value && askDice && planned.ok ? askDice(planned.value, facesOf(typed.value)) : null
  const toggle = (t: ModifierToggle) => (
    <Toggle key={t.id} toggle={t} on={set.includes(t.id)} known={known.includes(t.id)} onFlip={flip} />
  )

  return (
    <section class={`card composer ${sheet ? 'sheet' : ''}`} aria-labelledby="composer-h">
      {sheetHead}
      <div class="sheet-body" ref={body}>
        {targetsField}
        {withField}
        {offered.length > ask.length && (
          <div class="toggles">
            <fieldset class="toggle-group">
              <legend>Situation</legend>
              {first.map(toggle)}
            </fieldset>
            {more.length > 0 && (
              <>
                <button
                  type="button"
                  class="ghost more-button"
                  aria-expanded={moreOpen.value}
                  aria-controls="more-situations"
                  onClick={() => (moreOpen.value = !moreOpen.value)}
                >
                  {moreOpen.value ? 'Fewer situations' : `More situations (${more.length})`}
                  {moreSet > 0 && <span class="small"> · {moreSet} set</span>}
                </button>
                <fieldset id="more-situations" class="toggle-group" hidden={!moreOpen.value}>
                  <legend class="sr-only">More situations</legend>
                  {more.map(toggle)}
                </fieldset>
              </>
            )}
          </div>
        )}
        {preview.ok && preview.value.lines.length > 0 && (
          <details class="small odds-lines">
            <summary>How the odds add up</summary>
            <ul class="lines">
              {preview.value.lines.map((l, i) => (
                <li key={`${l.label}-${i}`}>
                  {l.label} <strong>{l.value >= 0 ? `+${l.value}` : l.value}</strong>
                  {l.rule && <span class="muted"> · {l.rule}</span>}
                </li>
              ))}
            </ul>
          </details>
        )}
        {typing.value && rollsDice && (
          <OwnDice
            asked={ownAsked}
            failed={resolveFailed.value}
            onRetry={askResolve}
            typed={typed.value}
            onType={(next) => (typed.value = next)}
          />
        )}
      </div>
      <div class="sheet-foot">
        {ask.length > 0 && (
          <fieldset class="ask">
            <legend>{asked ? 'Chosen' : 'Choose one to roll'}</legend>
            {ask.map((t) => (
              <label key={t.id} class={`ask-option ${asked?.id === t.id ? 'chosen' : ''}`}>
                <input
                  type="radio"
                  name="asked-first"
                  checked={asked?.id === t.id}
                  onChange={() => answer(t.id)}
                />
                <span>
                  <strong>{t.label}</strong>
                  <span class="muted small"> · {t.effect}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div class="odds" aria-live="polite" data-testid="odds">
          {preview.ok ? (
            <>
              <strong class="odds-chance">{percent(preview.value.chance)}</strong>
              <span class="odds-summary">{preview.value.summary}</span>
            </>
          ) : (
            (ask.length === 0 || asked) && (
              <p class="error" role="alert">
                {preview.error}
              </p>
            )
          )}
        </div>
        <div class="row gap roll-row">
          {typing.value && rollsDice ? (
            <SendDice asked={ownAsked} onSend={() => onRoll(target.id, declared, facesOf(typed.value))} />
          ) : (
            <button
              type="button"
              class="primary huge roll-button"
              disabled={!ready}
              onClick={() => onRoll(target.id, declared)}
            >
              {verb}
            </button>
          )}
          {ownDice && rollsDice && (
            <label class="own-toggle">
              <input
                type="checkbox"
                checked={typing.value}
                onChange={(e) => {
                  typing.value = e.currentTarget.checked
                  typed.value = []
                  if (typing.value && !askDice) askResolve()
                }}
              />
              <span>I roll my own dice</span>
            </label>
          )}
        </div>
      </div>
    </section>
  )
}

function Toggle(props: {
  toggle: ModifierToggle
  on: boolean
  /** The round says it applies: set at first, and marked so the attacker knows why. */
  known: boolean
  onFlip: (id: string, on: boolean) => void
}) {
  const { toggle: t, on } = props
  return (
    <label class={`toggle ${on ? 'on' : ''}`}>
      <input type="checkbox" checked={on} onChange={(e) => props.onFlip(t.id, e.currentTarget.checked)} />
      <span>
        {t.label}
        {props.known && <strong class="small"> · as the round stands</strong>}
        <span class="muted small"> · {t.effect}</span>
      </span>
    </label>
  )
}

/** The dice the attack asks for, one input each as they come, and what they would do. */
function OwnDice(props: {
  /** Null while the system's `resolve` loads (or failed to: `failed`). */
  asked: DiceAsked | null
  failed: string | null
  onRetry: () => void
  typed: string[]
  onType: (typed: string[]) => void
}) {
  const { asked, typed } = props
  if (!asked)
    return (
      <div class="own-dice">
        {props.failed ? (
          <p class="error" role="alert">
            {props.failed}{' '}
            <button type="button" class="ghost" onClick={props.onRetry}>
              Try again
            </button>
          </p>
        ) : (
          <p class="muted" role="status">
            Getting your dice ready…
          </p>
        )}
      </div>
    )
  // Only the faces typed so far that the attack still asks for (a miss asks for no damage).
  const shown = asked.asked.map((die, i) => ({ ...die, value: typed[i] ?? '' }))
  return (
    <div class="own-dice">
      {shown.map((die, i) => (
        <label key={`${i}-${die.label}`} class="field">
          <span>
            Your d{die.sides} for {die.label}
          </span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            value={die.value}
            onInput={(e) => props.onType([...typed.slice(0, i), e.currentTarget.value.trim()])}
          />
        </label>
      ))}
      {asked.complete && asked.outcome && (
        <p class={asked.outcome.ok ? 'muted' : 'error'} role={asked.outcome.ok ? undefined : 'alert'}>
          {asked.outcome.ok ? `With these dice: ${asked.outcome.value}` : asked.outcome.error}
        </p>
      )}
    </div>
  )
}

function SendDice(props: { asked: DiceAsked | null; onSend: () => void }) {
  return (
    <button
      type="button"
      class="primary huge roll-button"
      disabled={!props.asked?.complete || !props.asked.outcome?.ok}
      onClick={props.onSend}
    >
      Send my dice
    </button>
  )
}

function Refusal({ text, onClose, sheet }: { text: string; onClose: () => void; sheet: boolean }) {
  return (
    <section class={`card composer ${sheet ? 'sheet' : ''}`}>
      <div class="sheet-body">
        <p class="error" role="alert">
          {text}
        </p>
      </div>
      <div class="sheet-foot">
        <button type="button" class="big" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  )
}
