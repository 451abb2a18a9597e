/**
 * What a screen reads of odnd's round (`ScreenRules.turn`), apart from the turn model (`turn-model.ts`), so
 * a phone's chunk does not hold the room's steps of the round.
 */
import { orderedView } from '../../engine/ordered-round.ts'
import type { OrderedHooks } from '../../engine/ordered-turns.ts'
import { find, othersOn } from './fighter-state.ts'

/** What a screen reads of the round (`ScreenRules.turn`): `odndTurns` adds the room's steps. */
export const odndTurnView: Pick<OrderedHooks, 'known' | 'facts' | 'view'> = {
  // The other side's free round: an attack on one caught unaware is "From behind or by surprise"; one who
  // fled is attacked at +2 "until the one fleeing turns and re-engages" (Retreat).
  known: (turn, attacker, target) => [
    ...(turn.round === 1 && (turn.surprised ?? []).includes(target.id) ? ['from-behind'] : []),
    ...(find(target, 'fleeing') ? ['pursuing'] : []),
    // Two who act in the same beat of the round share the initiative (ENCOUNTER ORDER: spellcasters).
    ...((turn.order ?? [])[turn.current]?.ids.includes(target.id) ? ['same-initiative'] : []),
    // Two others already on them this round: the third surrounds, past the shield (Surrounding).
    ...(othersOn(target, attacker.id).length >= 2 ? ['surrounding', 'shield-engaged'] : []),
  ],
  view: orderedView,
}
