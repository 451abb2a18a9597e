/**
 * The `turn` map of the table document, as each system's turn model writes it. The types live with the
 * turn models in the rules package, and so do the functions that read a turn (`isActing`, `mayAttack`):
 * the protocol only names the shapes.
 */
export type {
  DueEvent,
  EventMoment,
  InitiativeRoll,
  Intent,
  MomentScale,
  StartedBy,
  SurpriseSetup,
  TimedEvent,
  TurnSlot,
  TurnState,
  Unaware,
} from '@fray/rules'
