/**
 * After a phone's first fight, once: a quiet card saying the app can live on the home screen (opened
 * straight into the table, with no signal too). With the browser's own offer (Chromium) it installs at a
 * tap; on an iPhone or iPad, which has none, it says where Safari keeps "Add to Home Screen". Never on an
 * installed app, never twice on a device (a dismissed or ignored hint stays gone).
 */
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { installPrompt, takeInstallPrompt } from '../install.ts'

export const INSTALL_HINT_KEY = 'fray:install-hint'

export type InstallWay = 'prompt' | 'ios' | null

export interface Platform {
  standalone: boolean
  /** The browser has offered to install (beforeinstallprompt). */
  offered: boolean
  /** Safari on iOS or iPadOS: installs from its Share menu only. */
  ios: boolean
  /** The hint was shown on this device before. */
  shown: boolean
}

/** How this device can install the app now, or null when the hint has nothing to offer. */
export function installWay(p: Platform): InstallWay {
  if (p.standalone || p.shown) return null
  if (p.offered) return 'prompt'
  return p.ios ? 'ios' : null
}

function thisPlatform(): Platform {
  const nav = navigator as Navigator & { standalone?: boolean }
  let shown = true
  try {
    shown = localStorage.getItem(INSTALL_HINT_KEY) !== null
  } catch {
    // No storage (a locked-down browser): no hint that could come back every fight.
  }
  return {
    standalone: nav.standalone === true || matchMedia('(display-mode: standalone)').matches,
    offered: installPrompt !== null,
    ios: /iP(hone|ad|od)/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1),
    shown,
  }
}

export function InstallHint() {
  // Decided once, when the fight has just ended: the hint stays until dismissed, whatever comes next.
  const way = useSignal<InstallWay>(installWay(thisPlatform()))
  useEffect(() => {
    if (!way.peek()) return
    try {
      localStorage.setItem(INSTALL_HINT_KEY, 'shown')
    } catch {
      // as above
    }
  }, [way])
  if (!way.value) return null
  const close = () => (way.value = null)
  const install = () => {
    close()
    void takeInstallPrompt()?.prompt()
  }
  return (
    <section class="card install-hint" aria-label="Keep Fray on this phone">
      <p>
        {way.value === 'prompt'
          ? 'Keep Fray on your home screen: next week it opens straight to your table, even with no signal.'
          : 'Keep Fray on your home screen: tap Share, then “Add to Home Screen”. Next week it opens straight to your table.'}
      </p>
      <div class="row gap">
        {way.value === 'prompt' && (
          <button type="button" onClick={install}>
            Add to home screen
          </button>
        )}
        <button type="button" class="ghost" onClick={close}>
          {way.value === 'prompt' ? 'Not now' : 'Got it'}
        </button>
      </div>
    </section>
  )
}
