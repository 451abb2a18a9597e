/** What the combatant list is given: the list's and the GM's edit form's, which the list loads on demand. */
import type { SystemId } from '@fray/protocol'
import type { Combatant } from '../models/table.ts'

export interface CombatantListProps {
  combatants: Combatant[]
  onAdjust?: (id: string, delta: number) => void
  onRemove?: (id: string) => void
  /** GM only: a monster back into the hidden roster, off the table. */
  onHide?: (id: string) => void
  /**
   * GM only: change any of a combatant's figures mid-fight, from what the form showed (`shown`: the
   * hit points are sent as the change from those); answers an error or null.
   */
  onEdit?: (
    id: string,
    fields: { name: string; hp: number; maxHp: number },
    shown: { hp: number; maxHp: number },
  ) => string | null
  /** GM only: open the full sheet of the room's system for this combatant. */
  onStats?: (id: string) => void
  /**
   * GM only: put a named condition on for some rounds (null: until removed) or, where the round runs on a
   * segment clock (`segmentsPerRound`), some segments; or take one off.
   */
  onMark?: (id: string, name: string, duration: { rounds: number | null; segments?: number }) => void
  onUnmark?: (id: string, markId: string) => void
  segmentsPerRound?: number
  /** GM only: end one of the rules' conditions that the text leaves to the GM (a Prone, a Disarmed). */
  onClear?: (id: string, condition: string) => void
  /** The room's system, whose rules say which conditions the GM may end. */
  system?: SystemId | null
  /**
   * GM only, where the table rules have the room answer monsters' defenses (by the book, or none): the
   * monsters whose defenses the GM answers instead, and the way to take one over or give it back.
   */
  byHand?: {
    rule: 'book' | 'none'
    chosen: ReadonlySet<string>
    set: (id: string, byHand: boolean) => void
  }
}
