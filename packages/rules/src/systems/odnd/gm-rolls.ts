/**
 * The text's rolls outside any attack, which the GM makes when the table comes to them (ENCOUNTER
 * ORDER, EVASION AND PURSUIT): one tap each on the GM's tablet, rolled and logged by the room. Where the
 * text names a table it does not print (reaction, pursuit, morale), the GM reads the dice: said here.
 * Each label fits the log's 40 characters and carries what its faces mean.
 */
export const GM_ROLLS: ReadonlyArray<{ label: string; notation: string; says: string }> = [
  {
    label: 'Encounter distance: 2d6 x 10 ft or yd',
    notation: '2d6',
    says: '"If no surprise condition exists, DM rolls 2D6 (x 10 ft indoors or 10 yds outdoors) to find the distance between the two groups if distance is uncertain" (ENCOUNTER ORDER 4).',
  },
  {
    label: 'Distance with surprise: d3 x 10 ft or yd',
    notation: '1d3',
    says: '"Distance between parties will be from 10 - 30 feet indoors or underground or 10 - 30 yards outdoors" (ENCOUNTER ORDER 3; the text names no die: a d3).',
  },
  {
    label: 'Monster reaction 2d6: GM reads it',
    notation: '2d6',
    says: '"the DM may make a Reaction Roll (2D6 on the Reaction Table) if Monster Reaction is uncertain": friendly, parley, run away, hostile, uncertain... The table is not in the text: you read the dice (ENCOUNTER ORDER 5).',
  },
  {
    label: 'Pursuit 2d6: low they chase',
    notation: '2d6',
    says: '"If characters decide to flee, roll on Monster Reaction Table to see if they will pursue. A low score means they will, a high score means they will not" (EVASION AND PURSUIT). Pursuers run at their full move each round: compare the moves.',
  },
  {
    label: 'Food or treasure thrown: 1-5 they stop',
    notation: '1d6',
    says: 'Unintelligent monsters "stop to eat food thrown down", intelligent ones "for treasure flung away": on 1-5 of a d6 (EVASION AND PURSUIT).',
  },
  {
    label: 'Corner, stairs or door: 1-2 chase on',
    notation: '1d6',
    says: '"Running around a corner, up/down stairs, through a doorway, monsters will continue pursuit on 1-2 (D6)" (EVASION AND PURSUIT).',
  },
  {
    label: 'Secret door: on a 1 they follow',
    notation: '1d6',
    says: '"Passing through a secret door will lower chance of continuing pursuit to a 1 in 6" (EVASION AND PURSUIT).',
  },
  {
    label: 'Morale 2d6 (a big upset): GM reads it',
    notation: '2d6',
    says: '"Check monster morale (roll 2D6 see table) ... when any big upset occurs" (the other moments are rolled by the room at the round\'s end). "Monsters who make their morale roll twice will fight to the death." No table printed: you read the dice.',
  },
]
