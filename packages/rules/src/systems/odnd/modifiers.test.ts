import { describe, expect, it } from 'vitest'
import { isToggleId, parseToggles, toggle } from './modifiers.ts'

describe('toggles from a request', () => {
  it('reads a list of ids or a record of booleans', () => {
    expect(parseToggles(['charging', 'high-ground'])).toEqual({
      ok: true,
      value: { charging: true, 'high-ground': true },
    })
    expect(parseToggles({ flanking: false })).toEqual({ ok: true, value: { flanking: false } })
    expect(parseToggles(undefined)).toEqual({ ok: true, value: {} })
  })

  it('refuses an unknown modifier in words', () => {
    expect(parseToggles(['sneaky'])).toEqual({ ok: false, error: '"sneaky" is not an odnd modifier.' })
    expect(parseToggles({ charging: 'yes' })).toEqual({ ok: false, error: 'Charging must be on or off.' })
    expect(parseToggles(7).ok).toBe(false)
  })

  it('knows its ids', () => {
    expect(isToggleId('cover-50')).toBe(true)
    expect(isToggleId('cover-100')).toBe(false)
    expect(toggle('cover-50').effect).toBe('-4 to hit')
  })
})
