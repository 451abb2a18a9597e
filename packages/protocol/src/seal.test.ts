import { describe, expect, it } from 'vitest'
import { sealOf, sealText, sha256Hex, verifySeal } from './seal.ts'

const result = {
  faces: [4, 6],
  total: 11,
  detail: 'Morale: 2d6 (4, 6) + 1 = 11',
  salt: '00112233445566778899aabbccddeeff',
}

describe('a sealed roll', () => {
  it('commits with SHA-256 of its text (the hash checked against FIPS 180-2’s own examples)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sealText(result)).toBe(
      'fray-seal-v1|00112233445566778899aabbccddeeff|4,6|11|Morale: 2d6 (4, 6) + 1 = 11',
    )
    expect(sealOf(result)).toBe(sha256Hex(sealText(result)))
  })

  it('verifies what was sealed, and nothing changed: a face, the total, the words or the salt', () => {
    const seal = sealOf(result)
    expect(verifySeal(seal, result)).toBe(true)
    expect(verifySeal(seal, { ...result, total: 12 })).toBe(false)
    expect(verifySeal(seal, { ...result, faces: [5, 6] })).toBe(false)
    expect(verifySeal(seal, { ...result, detail: 'Morale: 12' })).toBe(false)
    expect(verifySeal(seal, { ...result, salt: '00112233445566778899aabbccddeef0' })).toBe(false)
  })
})
