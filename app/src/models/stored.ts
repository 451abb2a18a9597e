/** JSON kept in localStorage: a missing, corrupt or wrong-shaped value reads as null, never throws. */
export function readStored<T>(storage: Storage, key: string, isValid: (value: T) => boolean): T | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as T | null
    return value && isValid(value) ? value : null
  } catch {
    return null
  }
}
