/**
 * The `turn` map of the table document, as each system's turn model writes it (the types live with the
 * turn models in the rules package; only these light values reach a phone's first load).
 */
export {
  checkMoment,
  type DueEvent,
  type EventMoment,
  eventWhen,
  FACTION,
  factionOf,
  IDLE_TURN,
  type InitiativeRoll,
  type Intent,
  isActing,
  type MomentScale,
  mayAttack,
  type SurpriseSetup,
  type TimedEvent,
  type TurnSlot,
  type TurnState,
  type Unaware,
} from '@fray/rules'
