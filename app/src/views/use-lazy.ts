/** Loads a part of the app (its own chunk) the first time it is needed, so the first load stays small. */
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

export function useLazy<T>(load: () => Promise<T>, when: boolean): T | null {
  const loaded = useSignal<{ value: T } | null>(null)
  useEffect(() => {
    if (when && !loaded.value) {
      load().then((value) => {
        loaded.value = { value }
      })
    }
  }, [when, loaded, load])
  return loaded.value?.value ?? null
}
