/**
 * Typing what one's own dice show: the initiative dice the turn asks for ("Your d6 shows"), or the quick
 * roll's die. A numeric keypad; a wrong face keeps the field and what was typed, with the die's faces in
 * the error. Loaded when a player first opens it, so the phone's first load stays small.
 */
import type { QuickRoll } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { Alert } from '../components/alert.tsx'
import { checkFaces, validateFace } from '../models/faces.ts'

interface Props {
  /** The quick roll's die. */
  die: QuickRoll
  /** The sides of each initiative die the turn asks of this player (0: not known); null for a quick roll. */
  initiativeSides: readonly number[] | null
  onInitiative: (faces: number[]) => void
  onQuickRoll: (face: number) => void
  onCancel: () => void
}

export function OwnRollForm({ die, initiativeSides, onInitiative, onQuickRoll, onCancel }: Props) {
  const typed = useSignal<string[]>([])
  const error = useSignal<string | null>(null)
  const type = (i: number, text: string) => {
    const next = [...typed.value]
    next[i] = text.trim()
    typed.value = next
    error.value = null
  }
  const send = (event: Event) => {
    event.preventDefault()
    if (initiativeSides) {
      const checked =
        initiativeSides[0] === 0
          ? { ok: true as const, value: typed.value.map(Number).filter((f) => Number.isInteger(f) && f > 0) }
          : checkFaces(initiativeSides, typed.value)
      if (!checked.ok || checked.value.length === 0) {
        error.value = checked.ok ? 'Type the face you rolled.' : checked.error
        return
      }
      onInitiative(checked.value)
      return
    }
    const checked = validateFace(die, typed.value[0] ?? '')
    if (!checked.ok) {
      error.value = checked.error
      return
    }
    onQuickRoll(checked.value)
  }
  const fields = initiativeSides
    ? initiativeSides.map((sides, i) => ({
        key: `${i}-${sides}`,
        label: `${sides ? `Your d${sides}` : 'Your initiative die'}${initiativeSides.length > 1 ? ` for attack ${i + 1}` : ''} shows`,
      }))
    : [{ key: die, label: `Your ${die} shows` }]
  return (
    <form class="own-dice" onSubmit={send}>
      {fields.map((field, i) => (
        <label class="field" key={field.key}>
          <span>{field.label}</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            value={typed.value[i] ?? ''}
            onInput={(e) => type(i, e.currentTarget.value)}
          />
        </label>
      ))}
      <Alert text={error.value} />
      <div class="row gap">
        <button type="button" class="ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" class="primary push">
          Send my roll
        </button>
      </div>
    </form>
  )
}
