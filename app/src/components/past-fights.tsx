/** The fights the GM closed with "New fight": each one's log, read-only, on every device. */
import type { PastFight } from '@fray/protocol'
import { RollLog } from './roll-log.tsx'
import { useSealChecks } from './use-seal-checks.ts'

const time = (at: number) =>
  new Date(at).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })

export function PastFights({ fights }: { fights: PastFight[] }) {
  const seals = useSealChecks(fights.flatMap((f) => f.entries))
  if (fights.length === 0) return null
  return (
    <details class="past-fights" data-testid="past-fights">
      <summary>Past fights ({fights.length})</summary>
      <ol>
        {[...fights].reverse().map((fight) => {
          const n = fights.indexOf(fight) + 1
          return (
            <li key={fight.id}>
              <details>
                <summary>
                  Fight {n} ·{' '}
                  {fight.rounds > 0 ? `${fight.rounds} round${fight.rounds === 1 ? '' : 's'} · ` : ''}
                  ended {time(fight.endedAt)}
                </summary>
                <RollLog entries={fight.entries} quiet seals={seals} />
              </details>
            </li>
          )
        })}
      </ol>
    </details>
  )
}
