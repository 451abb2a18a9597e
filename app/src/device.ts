/** What the phone itself can do at the table: vibrate, stay awake, remember whether to play sounds. */
import { useEffect } from 'preact/hooks'
import type { Moment } from './sound.ts'

/** Patterns for the moments a player must not miss; the defense prompt (issue #10) uses `prompt`. */
export const BUZZ: Record<Moment, readonly number[]> = {
  yourTurn: [120, 60, 120],
  prompt: [200, 80, 200, 80, 200],
  next: [60],
}

const SOUND_KEY = 'fray:sound'

/** Whether the player switched sounds on (off by default: a table is noisy enough). */
export function soundOn(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'on'
  } catch {
    return false
  }
}

export function setSound(on: boolean, storage: Storage = localStorage): void {
  storage.setItem(SOUND_KEY, on ? 'on' : 'off')
}

/** Tells the player a moment is theirs: vibration where the phone has it, the sound if they switched it on. */
export function alertPlayer(moment: Moment): void {
  buzz(BUZZ[moment])
  if (soundOn()) playSound(moment)
}

/** Plays a moment's tones; the sound's code loads only for players who switched it on. */
export function playSound(moment: Moment): void {
  void import('./sound.ts').then((m) => m.beep(moment))
}

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
