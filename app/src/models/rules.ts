/**
 * The room's rule system, loaded the first time a screen needs it: each system is a chunk of its own, so
 * a phone downloads the rules of its room only. A view that reads rules loads them with itself
 * (`withRules`) or waits for them (`useRules`); `rulesOf` then reads them without waiting.
 */
import {
  type CombatRules,
  RESOLVE_LOADERS,
  type ScreenRules,
  SYSTEM_LOADERS,
  type SystemId,
} from '@fray/rules'
import { signal } from '@preact/signals'
import { useEffect } from 'preact/hooks'

const loaded = signal<Partial<Record<SystemId, ScreenRules>>>({})
const loading = new Map<SystemId, Promise<ScreenRules>>()

/** Loads a system's rules once; later calls share the first. */
export function loadRules(system: SystemId): Promise<ScreenRules> {
  const known = loading.get(system)
  if (known) return known
  const load = SYSTEM_LOADERS[system]().then((rules) => {
    loaded.value = { ...loaded.value, [system]: rules }
    return rules
  })
  // A failed load (offline before the chunk was ever cached) may be tried again.
  load.catch(() => loading.delete(system))
  loading.set(system, load)
  return load
}

/** A system's rules that a view loaded with itself; reading them before they loaded is a bug. */
export function rulesOf(system: SystemId): ScreenRules {
  const rules = loaded.value[system]
  if (!rules) throw new Error(`the ${system} rules were read before they loaded (load them with the view)`)
  return rules
}

/** A lazily loaded part of a screen, loaded together with the rules it reads. */
export const withRules =
  <T>(system: SystemId, load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([loadRules(system), load()]).then(([, part]) => part)

/** The system's rules once loaded (starting the load), or null meanwhile and while the system is unknown. */
export function useRules(system: SystemId | null): ScreenRules | null {
  useEffect(() => {
    if (system) loadRules(system).catch(() => undefined)
  }, [system])
  return system ? (loaded.value[system] ?? null) : null
}

type Resolve = CombatRules['resolve']
const resolvers = signal<Partial<Record<SystemId, Resolve>>>({})
const resolving = new Map<SystemId, Promise<Resolve>>()

/**
 * A system's resolving of an attack, which only a player typing their own dice needs on a device (to ask
 * die by die): loaded once, on the first ask, so no other phone downloads it.
 */
export function loadResolve(system: SystemId): Promise<Resolve> {
  const known = resolving.get(system)
  if (known) return known
  const load = RESOLVE_LOADERS[system]().then((resolve) => {
    resolvers.value = { ...resolvers.value, [system]: resolve }
    return resolve
  })
  load.catch(() => resolving.delete(system))
  resolving.set(system, load)
  return load
}

/** The system's `resolve` once loaded (`loadResolve`), else null. */
export const resolveOf = (system: SystemId): Resolve | null => resolvers.value[system] ?? null
