/** The shared log on the GM's tablet, with undo on each outcome and verdicts on players' own dice. */
import { RollLog } from '../../components/roll-log.tsx'
import type { GmModel } from '../../models/gm.ts'
import type { TableModel } from '../../models/table.ts'

export function LogCard({ table, gm }: { table: TableModel; gm: GmModel }) {
  return (
    <section class="card" aria-labelledby="log-h">
      <h2 id="log-h">Log</h2>
      <RollLog
        entries={table.log.value}
        onUndo={(entryId) => gm.send({ kind: 'undo', entryId })}
        onApprove={(entryId, approve) => gm.approve(entryId, approve)}
      />
    </section>
  )
}
