/**
 * A button that sends a request to the room, locked once tapped until this device holds all the request
 * did (`done`): the answer and the turn come on different connections, and a second tap before the turn
 * arrived would ask again.
 */
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

export function useTapLock(done: (requestId: string) => boolean) {
  const tapped = useSignal<string | null>(null)
  const finished = tapped.value !== null && done(tapped.value)
  useEffect(() => {
    if (finished) tapped.value = null
  }, [finished, tapped])
  return {
    locked: tapped.value !== null && !finished,
    /** Takes the id of the request a tap just sent. */
    sent(requestId: string) {
      tapped.value = requestId
    },
  }
}
