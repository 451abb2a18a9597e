/** Loads a part of the app (its own chunk) the first time it is needed, so the first load stays small. */
import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { reloadIntoNewVersion } from '../new-version.ts'

export function useLazy<T>(load: () => Promise<T>, when: boolean): T | null {
  const loaded = useSignal<{ value: T } | null>(null)
  // Once started, a load is not started again (a loader made in render is a new function each time).
  const started = useRef(false)
  useEffect(() => {
    if (when && !started.current) {
      started.current = true
      load().then(
        (value) => {
          loaded.value = { value }
        },
        () => {
          // Offline before the chunk was ever cached: the next render that needs it tries again. Gone with
          // a deploy: the page reloads into the new version (once).
          started.current = false
          void reloadIntoNewVersion()
        },
      )
    }
  }, [when, loaded, load])
  return loaded.value?.value ?? null
}
