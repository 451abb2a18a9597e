/** The GM's edit of a combatant's name and hit points mid-fight, with the way to its full sheet. */
import { markLasting } from '@fray/protocol'
import type { SystemId } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { rulesOf } from '../models/rules.ts'
import { asFighter, type Combatant } from '../models/table.ts'
import { Alert } from './alert.tsx'
import type { CombatantListProps as Props } from './combatant-props.ts'

export function EditForm(
  props: Omit<Props, 'combatants'> & {
    combatant: Combatant
    onEdit: NonNullable<Props['onEdit']>
    onDone: () => void
  },
) {
  const { combatant: c } = props
  const name = useSignal(c.name)
  const hp = useSignal(String(c.hp))
  const maxHp = useSignal(String(c.maxHp))
  // What the form showed when it opened: the change typed is from these (a -5 tapped meanwhile stays).
  const shown = useSignal({ hp: c.hp, maxHp: c.maxHp }).peek()
  const error = useSignal<string | null>(null)
  return (
    <>
      <form
        class="edit-form"
        onSubmit={(e) => {
          e.preventDefault()
          const problem = props.onEdit(
            c.id,
            { name: name.value, hp: Number(hp.value), maxHp: Number(maxHp.value) },
            shown,
          )
          error.value = problem
          if (!problem) props.onDone()
        }}
      >
        <label class="field">
          <span>Name</span>
          <input value={name.value} onInput={(e) => (name.value = e.currentTarget.value)} />
        </label>
        <div class="row gap">
          <label class="field">
            <span>HP now</span>
            <input inputMode="numeric" value={hp.value} onInput={(e) => (hp.value = e.currentTarget.value)} />
          </label>
          <label class="field">
            <span>Max HP</span>
            <input
              inputMode="numeric"
              value={maxHp.value}
              onInput={(e) => (maxHp.value = e.currentTarget.value)}
            />
          </label>
        </div>
        <Alert text={error.value} />
        <div class="row gap">
          <button type="submit" class="primary">
            Save {c.name}
          </button>
          {props.onStats && (
            <button
              type="button"
              class="ghost push"
              onClick={() => {
                props.onStats?.(c.id)
                props.onDone()
              }}
            >
              All stats of {c.name}
            </button>
          )}
        </div>
      </form>
      {props.byHand && !c.seatId && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={props.byHand.chosen.has(c.id)}
            onChange={(e) => props.byHand?.set(c.id, e.currentTarget.checked)}
          />
          <span>
            I answer {c.name}’s defenses myself (the room takes{' '}
            {props.byHand.rule === 'book' ? 'the best odds by the book' : 'no defense'} for the others)
          </span>
        </label>
      )}
      {props.onClear && props.system && (
        <RulesConditions combatant={c} system={props.system} onClear={props.onClear} />
      )}
      {props.onMark && props.onUnmark && (
        <MarksForm
          combatant={c}
          onMark={props.onMark}
          onUnmark={props.onUnmark}
          segmentsPerRound={props.segmentsPerRound}
        />
      )}
    </>
  )
}

/** The rules' conditions the text gives no end to (a Prone, a Disarmed): the GM ends them here. */
function RulesConditions({
  combatant: c,
  system,
  onClear,
}: {
  combatant: Combatant
  system: SystemId
  onClear: NonNullable<Props['onClear']>
}) {
  const clearable = rulesOf(system).combat.clearable?.(asFighter(c)) ?? []
  if (clearable.length === 0) return null
  return (
    <fieldset class="edit-form rules-conditions">
      <legend>The rules’ conditions on {c.name}</legend>
      <p class="muted small">The rules leave these for you to end: end each once it is over for {c.name}.</p>
      {clearable.map((k) => (
        <div key={k.id} class="row gap">
          <span>
            {k.label}
            {k.when && <span class="muted small"> · {k.when}</span>}
          </span>
          <button type="button" class="ghost push" onClick={() => onClear(c.id, k.id)}>
            End {k.label}
          </button>
        </div>
      ))}
    </fieldset>
  )
}

const ROUNDS = [1, 2, 3, 4, 5, 6, 10] as const
/** Where a round runs on a segment clock, the short ones a GM may give in segments. */
const SEGMENTS = [1, 2, 3, 5] as const

/** The GM's conditions on this combatant: each with a Take off, and a new one with its rounds. */
function MarksForm({
  combatant: c,
  onMark,
  onUnmark,
  segmentsPerRound,
}: {
  combatant: Combatant
  onMark: NonNullable<Props['onMark']>
  onUnmark: NonNullable<Props['onUnmark']>
  segmentsPerRound?: number | undefined
}) {
  const name = useSignal('')
  // 'r3': 3 rounds, 's2': 2 segments, 'until': until removed.
  const rounds = useSignal('r3')
  const error = useSignal<string | null>(null)
  return (
    <form
      class="edit-form marks-form"
      aria-label={`Conditions on ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault()
        const named = name.value.trim()
        if (named === '' || named.length > 30) {
          error.value = 'Name the condition, up to 30 characters (Blessed, On fire, Held).'
          return
        }
        const [unit, n] = [rounds.value[0], Number(rounds.value.slice(1))]
        onMark(
          c.id,
          named,
          unit === 's' ? { rounds: null, segments: n } : { rounds: unit === 'r' ? n : null },
        )
        name.value = ''
        error.value = null
      }}
    >
      {(c.marks ?? []).map((m) => (
        <div key={m.id} class="row gap">
          <span>
            {m.name}{' '}
            <span class="muted small">· {markLasting(m) ? `${markLasting(m)} left` : 'until removed'}</span>
          </span>
          <button type="button" class="ghost push" onClick={() => onUnmark(c.id, m.id)}>
            Take off {m.name}
          </button>
        </div>
      ))}
      <div class="row gap">
        <label class="field grow">
          <span>Condition</span>
          <input
            value={name.value}
            maxLength={30}
            placeholder="Blessed"
            onInput={(e) => {
              name.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <label class="field">
          <span>For</span>
          <select value={rounds.value} onChange={(e) => (rounds.value = e.currentTarget.value)}>
            {segmentsPerRound &&
              SEGMENTS.map((n) => (
                <option key={`s${n}`} value={`s${n}`}>
                  {n} segment{n === 1 ? '' : 's'}
                </option>
              ))}
            {ROUNDS.map((n) => (
              <option key={`r${n}`} value={`r${n}`}>
                {n} round{n === 1 ? '' : 's'}
                {segmentsPerRound ? ` (${n * segmentsPerRound} segments)` : ''}
              </option>
            ))}
            <option value="until">until removed</option>
          </select>
        </label>
      </div>
      <Alert text={error.value} />
      <button type="submit">Put it on {c.name}</button>
    </form>
  )
}
