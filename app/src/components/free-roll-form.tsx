/**
 * A free roll: any dice ("2d6+1", "3d6", "d100") and, if wanted, what it is for ("Morale"); the room rolls.
 * The dice are read here first, so a typo is said at once and what was typed stays.
 */
import { tryParseDice } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from './alert.tsx'

interface Props {
  onRoll: (notation: string, label: string, sealed: boolean) => void
  /** The GM's: a sealed roll, kept secret until revealed, with a seal every device checks. */
  canSeal?: boolean
  onCancel?: () => void
  /** Tells ids apart where two forms could share a page. */
  id: string
}

export function FreeRollForm({ onRoll, onCancel, id, canSeal = false }: Props) {
  const notation = useSignal('')
  const label = useSignal('')
  const error = useSignal<string | null>(null)
  const sealed = useSignal(false)
  const roll = (event: Event) => {
    event.preventDefault()
    const dice = notation.value.trim()
    const parsed = tryParseDice(dice)
    if (!parsed.ok) {
      error.value =
        dice === ''
          ? 'Type the dice to roll, such as 2d6+1.'
          : `That does not read as dice: ${parsed.error.message}.`
      return
    }
    onRoll(dice, label.value.trim(), canSeal && sealed.value)
    notation.value = ''
    label.value = ''
    error.value = null
  }
  return (
    <form class="free-roll" onSubmit={roll} aria-label="Roll any dice">
      <div class="row gap">
        <label class="field grow">
          <span>Dice</span>
          <input
            id={`${id}-dice`}
            value={notation.value}
            placeholder="2d6+1"
            maxLength={60}
            autoComplete="off"
            autoCapitalize="off"
            spellcheck={false}
            aria-invalid={error.value !== null}
            aria-describedby={error.value ? `${id}-error` : undefined}
            onInput={(e) => {
              notation.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <label class="field grow">
          <span>For (optional)</span>
          <input
            value={label.value}
            placeholder="Morale"
            maxLength={40}
            onInput={(e) => {
              label.value = e.currentTarget.value
            }}
          />
        </label>
      </div>
      {canSeal && (
        <label class="toggle">
          <input
            type="checkbox"
            checked={sealed.value}
            onChange={(e) => {
              sealed.value = e.currentTarget.checked
            }}
          />
          <span>In secret: players see it sealed until I reveal it, then check it was not changed</span>
        </label>
      )}
      <Alert text={error.value} id={`${id}-error`} />
      <div class="row gap">
        <button type="submit" class="primary big">
          Roll
        </button>
        {onCancel && (
          <button type="button" class="ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
