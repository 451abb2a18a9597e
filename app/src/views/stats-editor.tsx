/** The GM edits any stat of a combatant mid-fight, with the room's sheet form and its validation. */
import { SYSTEM_INFO, type SystemId } from '@fray/protocol'
import { defaultSheetFor, SYSTEMS } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { SheetForm } from '../components/sheet-form.tsx'
import type { Combatant } from '../models/table.ts'

interface Props {
  system: SystemId
  combatant: Combatant
  onSave: (sheet: Record<string, unknown>, maxHp: number) => void
  onClose: () => void
}

export function StatsEditor({ system, combatant, onSave, onClose }: Props) {
  // Quick-added monsters have no sheet yet: they start from the system's defaults, as the rules read them.
  const values = useSignal<Record<string, unknown>>({
    ...defaultSheetFor(system, combatant.name),
    ...(combatant.sheet ?? {}),
  })
  const error = useSignal<string | null>(null)
  const save = () => {
    const parsed = SYSTEMS[system].sheet.parse(values.value)
    if (!parsed.ok) {
      error.value = parsed.error
      return
    }
    onSave(values.value, SYSTEMS[system].sheet.hitPoints(parsed.value))
    onClose()
  }
  return (
    <section class="card stats-editor" aria-labelledby="stats-h">
      <div class="row gap">
        <h2 id="stats-h">
          {combatant.name}: {SYSTEM_INFO[system].name} stats
        </h2>
        <button type="button" class="ghost push" onClick={onClose}>
          Close
        </button>
      </div>
      <SheetForm
        fields={SYSTEMS[system].sheet.fields}
        values={values.value}
        onChange={(next) => {
          values.value = next
          error.value = null
        }}
        onSubmit={save}
        error={error.value}
        busy={false}
        submitLabel={`Save ${combatant.name}’s stats`}
      />
    </section>
  )
}
