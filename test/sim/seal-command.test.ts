/** A revealed seal can be checked without this app: the line every log view shows, run in a shell. */
import { execFileSync } from 'node:child_process'
import { sealCommand, sealOf } from '@fray/protocol/seal'
import { describe, expect, it } from 'vitest'

const result = {
  faces: [4, 6],
  total: 11,
  detail: 'Morale: 2d6 (4, 6) + 1 = 11',
  salt: '00112233445566778899aabbccddeeff',
}

describe('a revealed seal', () => {
  it('can be checked by anyone with one line in a terminal, quotes and all', () => {
    const quoted = { ...result, detail: 'Mira’s "luck": it\'s 2d6 (4, 6) + 1 = 11 $HOME `x`' }
    const command = sealCommand(quoted)
    expect(command).toMatch(
      /^printf '%s' 'fray-seal-v1\|00112233445566778899aabbccddeeff\|4,6\|11\|Mira’s .*' \| sha256sum$/,
    )
    const printed = execFileSync('sh', ['-c', command], { encoding: 'utf8' })
    expect(printed.split(' ')[0]).toBe(sealOf(quoted))
  })
})
