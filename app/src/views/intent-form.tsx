/**
 * brp's Statement of Intent (5.2, 5.3): how far a character moves this round and what they attack with,
 * with the DEX rank that leaves them. Loaded only in BRP rooms, while intents are being stated.
 */
import { checkIntent, defaultIntent, type Intent, sheetOf } from '@fray/protocol'
import { brp } from '@fray/rules'
import { useSignal } from '@preact/signals'
import type { Combatant } from '../models/table.ts'

interface Props {
  combatant: Combatant
  /** What they stated already this round, if anything. */
  declared?: Intent
  onDeclare: (intent: Intent) => void
  /** The button's words, e.g. "State my intent" or "State for Goblin 1". */
  action: string
}

const OTHER = ''

export function IntentForm({ combatant, declared, onDeclare, action }: Props) {
  const read = sheetOf('brp', { ...combatant, side: combatant.side ?? 'foe' })
  const sheet = read.ok ? (read.value as brp.Sheet) : null
  const start = declared ?? (sheet ? defaultIntent(sheet) : { metersMoved: 0, weapon: null })
  const meters = useSignal(String(start.metersMoved))
  const weapon = useSignal(start.weapon ?? OTHER)
  const error = useSignal<string | null>(null)
  if (!sheet) return <p class="error">{read.ok ? '' : read.error}</p>

  const weapons = [...new Set([...sheet.weapons, 'brawl'])].flatMap((id) => {
    const row = brp.findWeapon(id)
    return row ? [{ id, label: `${brp.displayName(row)} (${row.length})` }] : []
  })
  const intent: Intent = { metersMoved: Number(meters.value), weapon: weapon.value || null }
  const moved =
    meters.value.trim() === ''
      ? null
      : brp.rankAfterMoving(sheet.dex, intent.metersMoved, brp.DEFAULT_SETTINGS)
  const preview = !moved
    ? 'Type how far you move, 0 to stay put.'
    : !moved.ok
      ? moved.error
      : moved.value.rank === null
        ? 'Only parries and dodges this round.'
        : `Acts on DEX rank ${moved.value.rank}${moved.value.rank === sheet.dex ? '' : ` (DEX ${sheet.dex}, moving)`}.`

  return (
    <form
      class="intent-form"
      onSubmit={(e) => {
        e.preventDefault()
        const checked = checkIntent({ ...combatant, side: combatant.side ?? 'foe' }, intent)
        if (!checked.ok) {
          error.value = checked.error
          return
        }
        error.value = null
        onDeclare(checked.value)
      }}
    >
      <div class="row gap wrap">
        <label class="field">
          <span>Meters moved</span>
          <input
            inputMode="numeric"
            value={meters.value}
            onInput={(e) => {
              meters.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <label class="field grow">
          <span>Action</span>
          <select value={weapon.value} onChange={(e) => (weapon.value = e.currentTarget.value)}>
            {weapons.map((w) => (
              <option key={w.id} value={w.id}>
                Attack: {w.label}
              </option>
            ))}
            <option value={OTHER}>Something else (no attack)</option>
          </select>
        </label>
      </div>
      <p class="muted small" aria-live="polite">
        {preview}
      </p>
      {error.value && (
        <p class="error" role="alert">
          {error.value}
        </p>
      )}
      <button type="submit" class="primary big">
        {declared ? `${action} again` : action}
      </button>
    </form>
  )
}
