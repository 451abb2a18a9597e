import { describe, expect, it } from 'vitest'
import { qrPath } from './qr.ts'

describe('qrPath', () => {
  it('draws a square code with its three finder patterns for a player link', () => {
    const { size, d } = qrPath('https://fray.example/r/abcdefghijklmnopqrstuv')
    expect(size).toBeGreaterThanOrEqual(21)
    expect((size - 17) % 4).toBe(0)
    // The finder patterns' outer rings start at three corners.
    for (const corner of ['M0 0h', `M${size - 7} 0h`, `M0 ${size - 7}h`]) expect(d).toContain(corner)
  })
})
