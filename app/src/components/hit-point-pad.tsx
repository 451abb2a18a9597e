/**
 * The GM's typed damage or healing on one combatant: 13 off the Ogre is four taps (1, 3, Damage), not
 * the Edit panel. It goes through the hit-point request like −5 / −1 / +1, so undo and the log see it.
 */
import { useSignal } from '@preact/signals'
import { NumberPad, pressKey } from './number-pad.tsx'

export function HitPointPad({
  name,
  onApply,
  onDone,
}: {
  name: string
  /** The change to the hit points: negative for damage. */
  onApply: (delta: number) => void
  onDone: () => void
}) {
  const amount = useSignal('')
  const n = Number(amount.value)
  const apply = (sign: 1 | -1) => {
    if (n <= 0) return
    onApply(sign * n)
    onDone()
  }
  return (
    <section class="hp-pad" aria-label={`Damage or heal ${name}`}>
      {/* Said where the pad floats apart from its row (the tablet in landscape). */}
      <strong class="hp-pad-name">{name}</strong>
      <output class="area-amount" aria-live="polite" data-testid="hp-pad-amount">
        {amount.value || '0'}
      </output>
      <NumberPad onPress={(key) => (amount.value = pressKey(amount.value, key))} />
      <div class="row gap">
        <button type="button" class="big danger" disabled={n <= 0} onClick={() => apply(-1)}>
          Damage {n > 0 ? n : ''}
        </button>
        <button type="button" class="big" disabled={n <= 0} onClick={() => apply(1)}>
          Heal {n > 0 ? n : ''}
        </button>
      </div>
      <button type="button" class="ghost" onClick={onDone}>
        Cancel
      </button>
    </section>
  )
}
