import { describe, expect, it } from 'vitest'
import { endedWhen, fightHeading } from './past-fights.tsx'

describe('a past fight’s heading', () => {
  const evening = new Date(2026, 11, 1, 19, 52).getTime()
  const later = new Date(2026, 11, 8, 19, 0).getTime()

  it('names who the party fought, its rounds and the day it ended', () => {
    const fight = { id: 'f', endedAt: evening, rounds: 4, foes: 'Goblin ×3 and Ogre', entries: 9 }
    const heading = fightHeading(fight, 3, later)
    expect(heading.startsWith('Fight 3 · Goblin ×3 and Ogre · 4 rounds · ')).toBe(true)
    // The date, not only a weekday: a weekly group has a Tuesday every week.
    const when = heading.split(' · ').at(-1) ?? ''
    expect(when).toMatch(/\b1\b/)
    expect(when).toMatch(/Dec/)
    expect(when).toMatch(/52/)
    expect(when).not.toMatch(/2026/)
  })

  it('leaves out what a fight did not have, and gives the year of another year’s fight', () => {
    const fight = { id: 'f', endedAt: evening, rounds: 0, entries: 1 }
    expect(fightHeading(fight, 1, later)).toBe(`Fight 1 · ${endedWhen(evening, later)}`)
    expect(fightHeading({ ...fight, rounds: 1 }, 1, later)).toMatch(/^Fight 1 · 1 round · /)
    expect(endedWhen(evening, new Date(2027, 0, 5).getTime())).toMatch(/2026/)
  })

  it('says a fight brought in with an export was imported', () => {
    const fight = { id: 'f', endedAt: evening, rounds: 2, entries: 3, imported: true as const }
    expect(fightHeading(fight, 1, later)).toMatch(/^Fight 1 · 2 rounds · .* · imported$/)
    expect(fightHeading({ ...fight, imported: undefined }, 1, later)).not.toMatch(/imported/)
  })
})
