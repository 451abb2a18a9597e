/**
 * An attack waiting for its defender: the choices with their odds, on the defender's phone (or the GM's
 * tablet). Also a question an outcome asks the GM alone (osr: whom a missed shot may hit), in its words;
 * where it takes many answers, each tap picks an option in order, and one button sends them.
 */
import type { PendingDefense } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { alertPlayer } from '../device.ts'
import { useSecondsLeft } from './waiting-card.tsx'

interface Props {
  prompt: PendingDefense
  attacker: string
  target: string
  /** Whose view: the defender's own phone, or the GM answering for a monster or a player out of time. */
  viewer: 'defender' | 'gm'
  /** GM only: the target is a player, who answers first; the GM may once the countdown runs out. */
  playerAnswers?: boolean
  /** Who answers a player's defense once the countdown runs out: the GM, or the room (table rules). */
  lateBy?: 'the GM' | 'the room'
  onAnswer: (choice: string) => void
  /** The answer this device sent (its option ids, joined by +), until the room takes the prompt away or
   * refuses it: shown taken, and not sent twice. */
  sent?: string | null
}

export function DefensePrompt({
  prompt,
  attacker,
  target,
  viewer,
  playerAnswers = false,
  lateBy = 'the GM',
  onAnswer,
  sent = null,
}: Props) {
  useEffect(() => {
    if (viewer === 'defender') alertPlayer('prompt')
  }, [viewer])
  const left = useSecondsLeft(prompt.gmAfter)
  const waiting = viewer === 'gm' && playerAnswers && left > 0
  /** No tap now: the GM waits for the player, or this device's answer is on its way. */
  const locked = waiting || sent !== null
  const sentLabels = sent?.split('+').map((id) => prompt.options.find((o) => o.id === id)?.label ?? id)
  // A prompt of many answers: the options picked so far, in order (those without odds stand alone).
  const picked = useSignal<string[]>([])
  const tap = (id: string, alone: boolean) => {
    if (!prompt.many || alone) return onAnswer(id)
    picked.value = picked.value.includes(id) ? picked.value.filter((x) => x !== id) : [...picked.value, id]
  }
  // Moving away from someone is no attack on them: they answer it (an opportunity attack, or none).
  const answer = prompt.against ? 'answer' : 'defense'
  const heading = prompt.question
    ? 'The GM decides'
    : viewer === 'defender'
      ? `${attacker} ${prompt.against ?? 'attacks'} you!`
      : `${attacker} ${prompt.against ?? 'attacks'} ${target}`
  return (
    <section
      class={`card defense-prompt ${viewer === 'defender' ? 'takeover' : ''}`}
      role="alertdialog"
      aria-labelledby={`prompt-${prompt.id}`}
    >
      <h2 id={`prompt-${prompt.id}`}>{heading}</h2>
      {prompt.rolled && <p class="rolled-first">{prompt.rolled.says}</p>}
      <p class={prompt.question ? '' : 'muted small'}>
        {prompt.question ??
          (viewer === 'defender'
            ? left > 0
              ? `Choose your ${answer}: ${lateBy} answers for you in ${left} s.`
              : `Choose your ${answer}: ${lateBy} may now answer for you.`
            : !playerAnswers
              ? `Answer for ${target}.`
              : waiting
                ? `${target} is choosing on their phone: ${lateBy === 'the GM' ? 'you may answer' : 'the room answers'} for them in ${left} s.`
                : `${target} has not answered: answer for them.`)}
      </p>
      {sentLabels && (
        <p class="sent-answer" role="status">
          Sent: {sentLabels.join(', then ')}…
        </p>
      )}
      <div class="defense-options">
        {prompt.options.map((o) => {
          const order = picked.value.indexOf(o.id)
          const alone = o.chance === null
          return (
            <button
              key={o.id}
              type="button"
              class={`big defense-option ${order >= 0 ? 'picked' : ''}`}
              disabled={locked}
              aria-pressed={prompt.many && !alone ? order >= 0 : undefined}
              onClick={() => tap(o.id, alone)}
            >
              <span class="option-head">
                {order >= 0 && <span class="pick-order">{order + 1}</span>}
                <strong>{o.label}</strong>
                {o.chance !== null && <span class="chance">{Math.round(o.chance * 1000) / 10}%</span>}
              </span>
              <span class="muted small">{o.effect}</span>
            </button>
          )
        })}
      </div>
      {prompt.many && (
        <button
          type="button"
          class="primary big"
          disabled={locked || picked.value.length === 0}
          onClick={() => onAnswer(picked.value.join('+'))}
        >
          {picked.value.length === 0
            ? 'Tap them in order first'
            : `${prompt.verb ?? 'Answer'} (${picked.value.length} in this order)`}
        </button>
      )}
    </section>
  )
}
