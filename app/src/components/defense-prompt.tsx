/** An attack waiting for its defender: the choices with their odds, on the defender's phone (or the GM's tablet). */
import type { PendingDefense } from '@fray/protocol'
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
  onAnswer: (choice: string) => void
}

export function DefensePrompt({ prompt, attacker, target, viewer, playerAnswers = false, onAnswer }: Props) {
  useEffect(() => {
    if (viewer === 'defender') alertPlayer('prompt')
  }, [viewer])
  const left = useSecondsLeft(prompt.gmAfter)
  const waiting = viewer === 'gm' && playerAnswers && left > 0
  // Moving away from someone is no attack on them: they answer it (an opportunity attack, or none).
  const answer = prompt.against ? 'answer' : 'defense'
  return (
    <section
      class={`card defense-prompt ${viewer === 'defender' ? 'takeover' : ''}`}
      role="alertdialog"
      aria-labelledby={`prompt-${prompt.id}`}
    >
      <h2 id={`prompt-${prompt.id}`}>
        {viewer === 'defender'
          ? `${attacker} ${prompt.against ?? 'attacks'} you!`
          : `${attacker} ${prompt.against ?? 'attacks'} ${target}`}
      </h2>
      <p class="muted small">
        {viewer === 'defender'
          ? left > 0
            ? `Choose your ${answer}: the GM answers for you in ${left} s.`
            : `Choose your ${answer}: the GM may now answer for you.`
          : !playerAnswers
            ? `Answer for ${target}.`
            : waiting
              ? `${target} is choosing on their phone: you may answer for them in ${left} s.`
              : `${target} has not answered: answer for them.`}
      </p>
      <div class="defense-options">
        {prompt.options.map((o) => (
          <button
            key={o.id}
            type="button"
            class="big defense-option"
            disabled={waiting}
            onClick={() => onAnswer(o.id)}
          >
            <span class="option-head">
              <strong>{o.label}</strong>
              {o.chance !== null && <span class="chance">{Math.round(o.chance * 1000) / 10}%</span>}
            </span>
            <span class="muted small">{o.effect}</span>
          </button>
        ))}
      </div>
    </section>
  )
}
