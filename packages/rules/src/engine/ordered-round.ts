/**
 * The round of a slot-ordered system (`ordered-turns.ts`) as the turn keeps it (`TurnState.systemRound`):
 * the declarations of the round, brp's phase and who only defends, spelljammer's ambush, osr's actions
 * spent out of place. Written by the ordered turn model, read here only, by it and the systems' turn
 * views; screens ask the view (`orderedView`), never the round.
 */
import type { Intent, RoundView, SpentPlace, TurnState } from './turn.ts'

export interface OrderedRound {
  /** The declarations made for this round (brp's Statement of Intent, spelljammer's Action Declaration). */
  intents?: Record<string, Intent>
  /** brp: moved so far this round that they may only parry or dodge (5.3). */
  defendOnly?: string[]
  /**
   * brp's phase of the round once the intents are stated (5.1): `movement` while those who stated a move
   * make it (nobody attacks), then `actions` in DEX order; the Resolution is the end of the round.
   */
  phase?: 'movement' | 'actions'
  /** spelljammer: caught in an ambush, they may attack back only once in round 1. */
  oneAttack?: string[]
  /** Toggles every attack on them takes in round 1, as the surprise roll found (spelljammer's ambush tier). */
  against?: Record<string, string[]>
  /**
   * Those whose action this round an outcome spent out of their place (osr: a weapon set against a charge,
   * 17.0.1.9), with the place they left, so that undoing the outcome gives it back (`spent-undone`).
   */
  spentFrom?: Record<string, SpentPlace>
  /**
   * Those out whom the rules still let make their attack (odnd: killed on the same initiative), each with
   * the slot of the order (its index) they fell in: the attack is theirs there only.
   */
  stillStriking?: Record<string, number>
}

/** The ordered round the turn keeps; nothing yet before a fight starts. */
export function orderedRound(turn: Pick<TurnState, 'systemRound'>): OrderedRound {
  const round = turn.systemRound
  return typeof round === 'object' && round !== null ? (round as OrderedRound) : {}
}

/** The turn with these parts of its ordered round changed. */
export const withOrderedRound = (turn: TurnState, parts: OrderedRound): TurnState => ({
  ...turn,
  systemRound: { ...orderedRound(turn), ...parts },
})

/** What every slot-ordered system says of its round (`RoundView`): brp's adds the words of its Movement. */
export const orderedView: RoundView = {
  // The phase: the GM's Begin actions moves brp's round on without a slot's change.
  place: (turn) => `${orderedRound(turn).phase ?? ''}/`,
  without(turn, id) {
    if (turn.systemRound === undefined) return turn
    const r = orderedRound(turn)
    const { [id]: _intent, ...intents } = r.intents ?? {}
    const { [id]: _against, ...against } = r.against ?? {}
    const { [id]: _spent, ...spentFrom } = r.spentFrom ?? {}
    const less = (ids: string[] | undefined) => ids?.filter((other) => other !== id)
    return withOrderedRound(turn, {
      ...(r.intents ? { intents } : {}),
      ...(r.against ? { against } : {}),
      ...(r.spentFrom ? { spentFrom } : {}),
      ...(r.oneAttack ? { oneAttack: less(r.oneAttack) } : {}),
      ...(r.defendOnly ? { defendOnly: less(r.defendOnly) } : {}),
    })
  },
  declared: (turn, id) => orderedRound(turn).intents?.[id],
  moving: (turn) => orderedRound(turn).phase === 'movement',
  defendOnly: (turn) => orderedRound(turn).defendOnly ?? [],
}
