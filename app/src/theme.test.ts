import { describe, expect, it } from 'vitest'
import { resolveTheme } from './theme.ts'

describe('resolveTheme', () => {
  it('is dark unless the user picks light or, without a pick, the system prefers light', () => {
    expect(resolveTheme(null, false)).toBe('dark')
    expect(resolveTheme(null, true)).toBe('light')
    expect(resolveTheme('dark', true)).toBe('dark')
    expect(resolveTheme('light', false)).toBe('light')
  })
})
