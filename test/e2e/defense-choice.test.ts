import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
/** What an outcome in the log says happened, without its marks and breakdown. */
const summary = (text: string) => text.replace(/^⚔/, '').split(' · ')[0] ?? ''
const chromium = useBrowser()

describe('the defender’s choice on their phone', () => {
  it('changes the outcome: the same dice against a parry and against no parry (odnd)', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
    await addCombatant(gm, 'Ogre', '30')
    const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await tomas.getByRole('button', { name: 'Roll initiative' }).click()
    await gm.getByRole('button', { name: 'Roll for monsters' }).click()
    await playUntil(gm, [tomas], () => visible(gm, 'Ogre attacks'), { activate: 'Ogre' })

    const outcomes: string[] = []
    for (const choice of ['Parry', 'Take it']) {
      // The GM rolls the same physical dice each time: a 15 to hit, 3s for the rest. (Should the round
      // have moved on meanwhile, it is played until the Ogre may attack again.)
      await playUntil(gm, [tomas], () => visible(gm, 'Ogre attacks'), { activate: 'Ogre' })
      await gm.getByRole('button', { name: 'Ogre attacks' }).click()
      const composer = gm.getByRole('region', { name: 'Ogre attacks' })
      await composer.getByRole('radio', { name: /Tomas/ }).check()
      await composer.getByRole('checkbox', { name: 'I roll my own dice' }).check()
      await composer.locator('.own-dice input').first().waitFor()
      for (let i = 0; i < 8; i++) {
        const inputs = await composer.locator('.own-dice input').all()
        const last = inputs.at(-1)
        if (!last || (await last.inputValue()) !== '') break
        await last.fill(inputs.length === 1 ? '15' : '3')
      }
      await composer.getByRole('button', { name: 'Send my dice' }).click()

      const prompt = tomas.getByRole('alertdialog', { name: 'Ogre attacks you!' })
      await prompt.getByRole('button', { name: new RegExp(`^${choice}`) }).click()
      const latest = gm.locator('.log-entry.outcome').first()
      await expect.poll(() => latest.textContent()).toMatch(/^⚔Ogre /)
      await expect.poll(async () => (await latest.getAttribute('class')) ?? '').not.toContain('undone')
      const outcome = summary((await latest.textContent()) ?? '')
      expect(outcomes).not.toContain(outcome)
      outcomes.push(outcome)
      // Tomas's phone shows the same outcome; the GM then takes it back to try the other answer.
      await expect
        .poll(async () => summary((await tomas.locator('.log-entry.outcome').first().textContent()) ?? ''))
        .toBe(outcome)
      await latest.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(async () => (await latest.getAttribute('class')) ?? '').toContain('undone')
    }
    expect(outcomes[0]).toMatch(/parries/)
    expect(outcomes[1]).not.toMatch(/parries/)
  })
})
