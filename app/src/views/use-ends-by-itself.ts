/**
 * A turn with nothing left of it ends by itself: at once, or after a short window to keep it where the
 * rules let one move after acting (`SystemInfo.movesAfterAttack`). The phone's own turn and the GM's
 * monsters' part of a slot end this way (#54).
 */
import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

/** Seconds to keep a spent turn (to move after attacking) before it ends by itself. */
export const END_WINDOW = 5

/**
 * Ends the turn (`end`) while `ending` holds for the turn at `key`, after the window when `moves`; the
 * seconds left, and `keep` to stop it for this turn.
 */
export function useEndsByItself(
  ending: boolean,
  key: string,
  moves: boolean,
  end: () => void,
): { ending: boolean; endsIn: Signal<number>; keep: () => void } {
  const kept = useSignal<string | null>(null)
  const endsIn = useSignal(0)
  const now = ending && kept.value !== key
  useEffect(() => {
    if (!now) return
    endsIn.value = moves ? END_WINDOW : 0
    if (!moves) {
      end()
      return
    }
    const timer = setInterval(() => {
      endsIn.value -= 1
      if (endsIn.value > 0) return
      clearInterval(timer)
      end()
    }, 1000)
    return () => clearInterval(timer)
    // (`end` is a new function at each render: the timer runs for the turn at `key`, not for each render.)
  }, [now, key, moves, endsIn])
  return { ending: now, endsIn, keep: () => (kept.value = key) }
}
