/** What the phone itself can do at the table: vibrate, stay awake, hand a link to the share sheet. */
import { useEffect } from 'preact/hooks'

/** Patterns for the moments a player must not miss; the defense prompt (issue #10) uses `prompt`. */
export const BUZZ = {
  yourTurn: [120, 60, 120],
  prompt: [200, 80, 200, 80, 200],
} as const

/** Vibrates where the device can (most Android phones); silently does nothing elsewhere (iOS, desktops). */
export function buzz(pattern: readonly number[] = BUZZ.yourTurn): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false
  try {
    return navigator.vibrate([...pattern])
  } catch {
    return false
  }
}

/**
 * Keeps the screen on while `active` (a fight is running): the lock is dropped by the browser whenever the
 * page is hidden, so it is asked for again when the page comes back.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return
    let lock: WakeLockSentinel | null = null
    let live = true
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return
      try {
        const next = await navigator.wakeLock.request('screen')
        if (live) lock = next
        else void next.release()
      } catch {
        // Refused (battery saver, no user gesture yet): the screen just sleeps as usual.
      }
    }
    void acquire()
    document.addEventListener('visibilitychange', acquire)
    return () => {
      live = false
      document.removeEventListener('visibilitychange', acquire)
      void lock?.release()
    }
  }, [active])
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The phone's share sheet where there is one, else the clipboard. */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  const data = { url, title }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // Not allowed here (no user gesture, insecure origin): fall through to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/** Whether this browser offers a share sheet (phones, some tablets), to name the button after it. */
export const canShare = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function'
