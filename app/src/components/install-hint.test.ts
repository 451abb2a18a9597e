import { describe, expect, it } from 'vitest'
import { installPrompt, keepInstallPrompt, takeInstallPrompt } from '../install.ts'
import { installWay, type Platform } from './install-hint.tsx'

const phone = (over: Partial<Platform>): Platform => ({
  standalone: false,
  offered: false,
  ios: false,
  shown: false,
  ...over,
})

describe('the install hint after a fight', () => {
  it('offers the browser’s install where it made the offer, Safari’s Share menu on iOS, else nothing', () => {
    expect(installWay(phone({ offered: true }))).toBe('prompt')
    expect(installWay(phone({ ios: true }))).toBe('ios')
    expect(installWay(phone({}))).toBe(null)
  })

  it('is never shown on the installed app, nor a second time on a device', () => {
    expect(installWay(phone({ offered: true, standalone: true }))).toBe(null)
    expect(installWay(phone({ ios: true, standalone: true }))).toBe(null)
    expect(installWay(phone({ offered: true, shown: true }))).toBe(null)
    expect(installWay(phone({ ios: true, shown: true }))).toBe(null)
  })
})

describe('the browser’s offer to install', () => {
  it('is kept instead of the browser’s own bar, good for one prompt, and gone once installed', () => {
    const page = new EventTarget()
    keepInstallPrompt(page)
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
    })
    page.dispatchEvent(offer)
    expect(offer.defaultPrevented).toBe(true)
    expect(installPrompt).toBe(offer)
    expect(takeInstallPrompt()).toBe(offer)
    expect(takeInstallPrompt()).toBe(null)
    page.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: offer.prompt }),
    )
    expect(installPrompt).not.toBe(null)
    page.dispatchEvent(new Event('appinstalled'))
    expect(installPrompt).toBe(null)
  })
})
