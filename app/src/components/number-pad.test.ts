import { describe, expect, it } from 'vitest'
import { type PadKey, pressKey } from './number-pad.tsx'

const typed = (keys: PadKey[]) => keys.reduce(pressKey, '')

describe('the number pad', () => {
  it('types an amount, takes a digit off and clears', () => {
    expect(typed(['1', '3'])).toBe('13')
    expect(typed(['1', '3', '⌫'])).toBe('1')
    expect(typed(['1', '3', 'C', '7'])).toBe('7')
    expect(typed(['⌫'])).toBe('')
  })

  it('keeps no leading zero and stops at four digits (the room takes changes under 10,000)', () => {
    expect(typed(['0', '0', '5'])).toBe('5')
    expect(typed(['9', '9', '9', '9', '9'])).toBe('9999')
  })
})
