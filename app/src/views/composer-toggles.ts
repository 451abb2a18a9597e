/** How the composer lays out a system's toggles: what must be answered first, what shows, what folds. */
import type { ModifierToggle } from '@fray/rules'

/**
 * How many toggles show before "More situations" when the system marks none as applying often, and the
 * longest list shown whole (folding one or two saves nothing).
 */
export const FEW = 3

/**
 * The toggles the rules need one of before any roll (a bow's range): none when the attack can be
 * previewed without any, else each toggle that alone makes it possible. `allows(ids)` is the rules' preview.
 */
export function askedFirst(
  offered: readonly ModifierToggle[],
  allows: (ids: string[]) => boolean,
): ModifierToggle[] {
  if (offered.length === 0 || allows([])) return []
  return offered.filter((t) => allows([t.id]))
}

/**
 * The few toggles shown at once and the rest, folded. Shown: those the system marks as applying often
 * (or its first `few` where it marks none), and any the room set for the player; a short list shows whole.
 */
export function splitToggles(
  list: readonly ModifierToggle[],
  pinned: readonly string[],
  few = FEW,
): { first: ModifierToggle[]; more: ModifierToggle[] } {
  if (list.length <= few + 1) return { first: [...list], more: [] }
  const marked = list.some((t) => t.often)
  const first = list.filter((t, i) => (marked ? t.often : i < few) || pinned.includes(t.id))
  return { first, more: list.filter((t) => !first.includes(t)) }
}
