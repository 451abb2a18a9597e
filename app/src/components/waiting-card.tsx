/** The attacker's card while the defender decides: who decides, and how long they have. */
import type { PendingDefense } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

/** Seconds until `at`, counted down once a second. */
export function useSecondsLeft(at: number): number {
  const now = useSignal(Date.now())
  useEffect(() => {
    const timer = setInterval(() => {
      now.value = Date.now()
    }, 1000)
    return () => clearInterval(timer)
  }, [now])
  return Math.max(0, Math.ceil((at - now.value) / 1000))
}

/**
 * The attacker's card while their attack waits for its defender: who decides, and the countdown before
 * the GM may answer for a player. No second attack is offered meanwhile.
 */
export function WaitingCard(props: { prompt: PendingDefense; target: string; byPlayer: boolean }) {
  const left = useSecondsLeft(props.prompt.gmAfter)
  // A question the outcome asks the GM (osr: whom a missed shot may hit): the GM answers, at once.
  if (props.prompt.question)
    return (
      <section class="card waiting-card" aria-label="Your attack" data-testid="waiting-card">
        <p class="waiting-head">
          <strong>The GM</strong> decides
        </p>
        <p class="muted small" role="status">
          {props.prompt.question}
        </p>
      </section>
    )
  return (
    <section class="card waiting-card" aria-label="Your attack" data-testid="waiting-card">
      <p class="waiting-head">
        <strong>{props.target}</strong> {props.prompt.against ? 'is answering' : 'is defending'}
      </p>
      <p class="muted small" role="status">
        {!props.byPlayer
          ? `The GM chooses ${props.target}’s defense.`
          : left > 0
            ? `${props.target} chooses on their phone: ${left} s left, then the GM may answer.`
            : `${props.target} has not answered: the GM may answer for them.`}
      </p>
    </section>
  )
}
