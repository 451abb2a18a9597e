import type { ModifierToggle } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { askedFirst, splitToggles } from './composer-toggles.ts'

const toggle = (id: string): ModifierToggle => ({ id, label: id, effect: '', rule: '' })
const list = ['charge', 'flank', 'behind', 'short', 'medium', 'long'].map(toggle)

describe('the composer toggles', () => {
  it('asks nothing first when the attack can be previewed with no toggle set', () => {
    expect(askedFirst(list, () => true)).toEqual([])
  })

  it('asks for each toggle that alone lets the rules preview the attack (a bow asks its range)', () => {
    const ranges = ['short', 'medium', 'long']
    const asked = askedFirst(list, (ids) => ids.some((id) => ranges.includes(id)))
    expect(asked.map((t) => t.id)).toEqual(ranges)
  })

  it('shows the first few toggles and folds the rest, keeping one the room set in view', () => {
    const { first, more } = splitToggles(list, ['long'])
    expect(first.map((t) => t.id)).toEqual(['charge', 'flank', 'behind', 'long'])
    expect(more.map((t) => t.id)).toEqual(['short', 'medium'])
  })

  it('shows first the toggles the system marks as applying often, wherever they stand in its list', () => {
    const marked = list.map((t) => (t.id === 'behind' || t.id === 'medium' ? { ...t, often: true } : t))
    const { first, more } = splitToggles(marked, ['charge'])
    expect(first.map((t) => t.id)).toEqual(['charge', 'behind', 'medium'])
    expect(more.map((t) => t.id)).toEqual(['flank', 'short', 'long'])
  })

  it('shows a short list whole: folding one toggle saves nothing', () => {
    expect(splitToggles(list.slice(0, 4), []).more).toEqual([])
    expect(splitToggles(list.slice(0, 5), []).more.map((t) => t.id)).toEqual(['short', 'medium'])
  })
})
