/** The shared log on the GM's tablet, with undo on each outcome and verdicts on players' own dice. */
import { FreeRollForm } from '../../components/free-roll-form.tsx'
import { PastFights } from '../../components/past-fights.tsx'
import { RollLog } from '../../components/roll-log.tsx'
import { useSealChecks } from '../../components/use-seal-checks.ts'
import type { GmModel } from '../../models/gm.ts'
import type { TableModel } from '../../models/table.ts'

export function LogCard({ roomId, table, gm }: { roomId: string; table: TableModel; gm: GmModel }) {
  const seals = useSealChecks(table.log.value)
  return (
    <section class="card" aria-labelledby="log-h">
      <div class="card-head">
        <h2 id="log-h">Log</h2>
        <details class="gm-roll">
          <summary>Roll any dice</summary>
          <FreeRollForm
            id="gm-free-roll"
            canSeal
            onRoll={(notation, label, sealed) =>
              gm.send({ kind: 'roll', notation, ...(label ? { label } : {}), ...(sealed ? { sealed } : {}) })
            }
          />
        </details>
      </div>
      <RollLog
        entries={table.log.value}
        onUndo={(entryId) => gm.send({ kind: 'undo', entryId })}
        onApprove={(entryId, approve) => gm.approve(entryId, approve)}
        seals={seals}
        secrets={gm.sealed.value}
        onReveal={(entryId) => gm.send({ kind: 'reveal', entryId })}
      />
      <PastFights
        roomId={roomId}
        table={table}
        gm={{
          secrets: gm.sealed.value,
          reveal: (entryId, fight) => gm.send({ kind: 'reveal', entryId, fight }),
        }}
      />
    </section>
  )
}
