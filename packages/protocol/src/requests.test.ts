import { describe, expect, it } from 'vitest'
import { parseIntent } from './requests.ts'

describe('parseIntent', () => {
  it("reads brp's Statement of Intent and spelljammer's Action Declaration with its choices", () => {
    expect(parseIntent({ metersMoved: 10, weapon: null })).toEqual({ metersMoved: 10, weapon: null })
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: ['no-movement', 'draw'] })).toEqual({
      metersMoved: 0,
      weapon: '0',
      options: ['no-movement', 'draw'],
    })
  })

  it('refuses choices that are not short names, or too many of them', () => {
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: 'no-movement' })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: [3] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: [''] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: ['x'.repeat(65)] })).toBeNull()
    expect(parseIntent({ metersMoved: 0, weapon: '0', options: Array(9).fill('draw') })).toBeNull()
  })
})
