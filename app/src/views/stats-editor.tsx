/** The GM edits any stat of a combatant mid-fight, with the room's sheet form and its validation. */
import { SYSTEM_INFO, type SystemId, sheetInput } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { SheetForm } from '../components/sheet-form.tsx'
import { readHitPoints, saveMonster } from '../models/library.ts'
import { rulesOf } from '../models/rules.ts'
import { type SheetSave, sheetSaves, startingSheet } from '../models/stats.ts'
import type { Combatant } from '../models/table.ts'

interface Props {
  system: SystemId
  combatant: Combatant
  /** The others of its group ("Goblin 2" and "Goblin 3" for "Goblin 1"), who may get the same stats. */
  others: Combatant[]
  onSave: (saves: SheetSave[]) => void
  /** This device's monster library changed. */
  onLibrary: () => void
  onClose: () => void
}

export function StatsEditor({ system, combatant, others, onSave, onLibrary, onClose }: Props) {
  const values = useSignal<Record<string, unknown>>(startingSheet(system, combatant))
  const error = useSignal<string | null>(null)
  const forAll = useSignal(others.length > 0)
  const save = () => {
    const saves = sheetSaves(system, forAll.value ? [combatant, ...others] : [combatant], values.value)
    if (!saves.ok) {
      error.value = saves.error
      return
    }
    onSave(saves.value)
    onClose()
  }
  const groupName = others.length > 0 ? combatant.name.replace(/ \d+$/, '') : ''
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
      {others.length > 0 && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={forAll.value}
            onChange={(e) => {
              forAll.value = e.currentTarget.checked
            }}
          />
          <span>
            The same stats for all {others.length + 1} of the {groupName} group (
            {[combatant, ...others].map((c) => c.name).join(', ')}); each keeps its own name and damage
          </span>
        </label>
      )}
      <SheetForm
        fields={rulesOf(system).sheet.fields}
        notes={rulesOf(system).sheet.notes?.(values.value)}
        values={values.value}
        onChange={(next) => {
          values.value = next
          error.value = null
        }}
        onSubmit={save}
        error={error.value}
        busy={false}
        submitLabel={
          forAll.value ? `Save the stats of all ${others.length + 1}` : `Save ${combatant.name}’s stats`
        }
      />
      <LibrarySave
        system={system}
        name={groupName || combatant.name}
        values={values.value}
        maxHp={combatant.maxHp}
        onSaved={onLibrary}
      />
    </section>
  )
}

/**
 * Keeps these stats in this device's monster library, under the group's name, with hit points as a
 * number or dice for the room to roll for each copy added from it later.
 */
function LibrarySave(props: {
  system: SystemId
  name: string
  values: Record<string, unknown>
  maxHp: number
  onSaved: () => void
}) {
  const hp = useSignal(String(props.maxHp))
  const said = useSignal<{ ok: boolean; text: string } | null>(null)
  const keep = (event: Event) => {
    event.preventDefault()
    const rules = rulesOf(props.system).sheet
    const kept = sheetInput(rules.fields, props.values)
    const parsed = kept.ok ? rules.parse(kept.value) : kept
    if (!kept.ok || !parsed.ok) {
      said.value = { ok: false, text: parsed.ok ? 'Check the stats above first.' : parsed.error }
      return
    }
    const hitPoints = readHitPoints(hp.value)
    if (!hitPoints.ok) {
      said.value = { ok: false, text: hitPoints.error }
      return
    }
    // Each copy added from it is named by the table ("Orc 2"), not by the saved sheet.
    const { name: _name, ...sheet } = kept.value
    const error = saveMonster(props.system, { name: props.name, hp: hp.value.trim(), sheet })
    if (!error) props.onSaved()
    said.value = error
      ? { ok: false, text: error }
      : {
          ok: true,
          text: `${props.name} is in this device’s library and the room’s: type “${props.name} x3” to add three.`,
        }
  }
  return (
    <form class="library-save" onSubmit={keep}>
      <h3 class="subhead">Monster library</h3>
      <label class="field">
        <span>Hit points of each one added from it: a number, or dice such as 1d8+1</span>
        <input
          value={hp.value}
          maxLength={40}
          onInput={(e) => {
            hp.value = e.currentTarget.value
            said.value = null
          }}
        />
      </label>
      <button type="submit">Save {props.name} to the library</button>
      {said.value && (
        <p class={said.value.ok ? 'muted small' : 'error'} role={said.value.ok ? 'status' : 'alert'}>
          {said.value.text}
        </p>
      )}
    </form>
  )
}
