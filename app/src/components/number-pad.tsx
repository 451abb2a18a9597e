/**
 * A number pad for amounts typed at the table (damage, healing): big keys, no phone keyboard in the way,
 * at most four digits (the room takes changes under 10,000).
 */

export const PAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'C', '0', '⌫'] as const
export type PadKey = (typeof PAD_KEYS)[number]

/** The amount after a key: C clears, ⌫ takes the last digit off, a digit goes on (no leading zeros). */
export function pressKey(amount: string, key: PadKey): string {
  if (key === 'C') return ''
  if (key === '⌫') return amount.slice(0, -1)
  return amount.length < 4 ? (amount + key).replace(/^0+(?=\d)/, '') : amount
}

export function NumberPad({ onPress }: { onPress: (key: PadKey) => void }) {
  return (
    <fieldset class="number-pad bare">
      <legend class="sr-only">Number pad</legend>
      {PAD_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          class="pad-key"
          aria-label={key === '⌫' ? 'Delete a digit' : key === 'C' ? 'Clear' : key}
          onClick={() => onPress(key)}
        >
          {key}
        </button>
      ))}
    </fieldset>
  )
}
