import { describe, expect, it } from 'vitest'
import { checkFaces, validateFace } from './faces.ts'

describe('initiative faces typed in, die by die', () => {
  it('takes a face each die has', () => {
    expect(checkFaces([6], ['5'])).toEqual({ ok: true, value: [5] })
    expect(checkFaces([10, 10], ['7', ' 2 '])).toEqual({ ok: true, value: [7, 2] })
  })

  it('names the die a wrong or missing face is for', () => {
    expect(checkFaces([6], ['7'])).toEqual({ ok: false, error: 'A d6 shows 1 to 6, not 7.' })
    expect(checkFaces([10, 10], ['7'])).toEqual({
      ok: false,
      error: 'Type the number your d10 for attack 2 shows.',
    })
  })
})

describe('a face typed in for a quick roll', () => {
  it('takes a face the die has', () => {
    expect(validateFace('d20', ' 17 ')).toEqual({ ok: true, value: 17 })
    expect(validateFace('d100', '100')).toEqual({ ok: true, value: 100 })
    expect(validateFace('d100', '1')).toEqual({ ok: true, value: 1 })
  })

  it('refuses a face the die does not have, saying which faces it has', () => {
    expect(validateFace('d20', '21')).toEqual({ ok: false, error: 'A d20 shows 1 to 20, not 21.' })
    expect(validateFace('d100', '0')).toEqual({ ok: false, error: 'A d100 shows 1 to 100, not 0.' })
    expect(validateFace('d100', '4.5')).toEqual({ ok: false, error: 'Type the number your d100 shows.' })
    expect(validateFace('d20', '')).toEqual({ ok: false, error: 'Type the number your d20 shows.' })
  })
})
