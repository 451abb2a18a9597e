/**
 * Damage or healing to several at once (an area spell, a trap): tick who is in it and who saved, type
 * the amount on a number pad or give dice for the room to roll once for all. One tap undoes it all.
 */
import { tryParseDice } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from '../../components/alert.tsx'
import { NumberPad, type PadKey, pressKey } from '../../components/number-pad.tsx'
import type { GmAsk } from '../../models/gm.ts'
import type { Combatant } from '../../models/table.ts'

export function AreaPanel({
  combatants,
  onApply,
  onClose,
}: {
  combatants: Combatant[]
  onApply: (request: Extract<GmAsk, { kind: 'area' }>) => void
  onClose: () => void
}) {
  const chosen = useSignal<Record<string, 'in' | 'saved'>>({})
  const amount = useSignal('')
  const dice = useSignal('')
  const heal = useSignal(false)
  const label = useSignal('')
  const error = useSignal<string | null>(null)
  const targets = combatants.filter((c) => chosen.value[c.id])
  const press = (key: PadKey) => {
    error.value = null
    amount.value = pressKey(amount.value, key)
  }
  const toggle = (id: string, to: 'in' | 'saved' | null) => {
    const next = { ...chosen.value }
    if (to) next[id] = to
    else delete next[id]
    chosen.value = next
  }
  const apply = (event: Event) => {
    event.preventDefault()
    if (targets.length === 0) {
      error.value = 'Tick who is in the area first.'
      return
    }
    const notation = dice.value.trim()
    if (notation !== '') {
      const parsed = tryParseDice(notation)
      if (!parsed.ok) {
        error.value = `The dice do not read: ${parsed.error.message}.`
        return
      }
    } else if (amount.value === '') {
      error.value = 'Type the amount on the pad, or give dice for the room to roll.'
      return
    }
    onApply({
      kind: 'area',
      targets: targets.map((c) => ({ id: c.id, saved: chosen.value[c.id] === 'saved' })),
      ...(notation !== '' ? { notation } : { amount: Number(amount.value) }),
      ...(heal.value ? { heal: true } : {}),
      ...(label.value.trim() ? { label: label.value.trim() } : {}),
    })
    chosen.value = {}
    amount.value = ''
    dice.value = ''
    label.value = ''
  }
  return (
    <form class="card area-panel" aria-label="Area damage or healing" onSubmit={apply}>
      <div class="row gap">
        <h3 class="subhead">Area damage or healing</h3>
        <button type="button" class="ghost push" onClick={onClose}>
          Close
        </button>
      </div>
      <fieldset class="area-targets">
        <legend>Who is in it</legend>
        {combatants.map((c) => (
          <div key={c.id} class="row gap area-target">
            <label class="toggle">
              <input
                type="checkbox"
                checked={Boolean(chosen.value[c.id])}
                onChange={(e) => toggle(c.id, e.currentTarget.checked ? 'in' : null)}
              />
              <span>{c.name}</span>
            </label>
            <label class="toggle push">
              <input
                type="checkbox"
                aria-label={`${c.name} saved: half`}
                disabled={!chosen.value[c.id]}
                checked={chosen.value[c.id] === 'saved'}
                onChange={(e) => toggle(c.id, e.currentTarget.checked ? 'saved' : 'in')}
              />
              <span aria-hidden="true">saved: half</span>
            </label>
          </div>
        ))}
      </fieldset>
      <div class="row gap">
        <label class="toggle">
          <input type="radio" name="area-mode" checked={!heal.value} onChange={() => (heal.value = false)} />
          <span>Damage</span>
        </label>
        <label class="toggle">
          <input type="radio" name="area-mode" checked={heal.value} onChange={() => (heal.value = true)} />
          <span>Healing</span>
        </label>
      </div>
      <output class="area-amount" aria-live="polite" data-testid="area-amount">
        {dice.value.trim() || amount.value || '0'}
      </output>
      <NumberPad onPress={press} />
      <div class="row gap">
        <label class="field grow">
          <span>Or dice the room rolls once for all</span>
          <input
            value={dice.value}
            placeholder="8d6"
            maxLength={60}
            autoComplete="off"
            onInput={(e) => {
              dice.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <label class="field grow">
          <span>What (optional)</span>
          <input
            value={label.value}
            placeholder="Fireball"
            maxLength={40}
            onInput={(e) => {
              label.value = e.currentTarget.value
            }}
          />
        </label>
      </div>
      <Alert text={error.value} />
      <button type="submit" class="primary big">
        {heal.value ? 'Heal' : 'Apply'} {targets.length > 0 ? `to ${targets.length}` : ''}
      </button>
    </form>
  )
}
