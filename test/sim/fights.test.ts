import { SYSTEM_IDS, SYSTEMS, type TurnRules, type TurnState } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { runFight } from './fight.ts'
import { describeFailure, simulate } from './simulate.ts'

/** Fights per system in `npm test`; `npm run simulate` plays as many as FIGHTS= asks. */
const FIGHTS = 300

describe.each(SYSTEM_IDS)('fights of %s', (system) => {
  it(`keeps every table invariant through ${FIGHTS} seeded random fights`, { timeout: 600_000 }, () => {
    const { runs, failure } = simulate({ systems: [system], fights: FIGHTS, seed: 1 })
    expect(failure ? describeFailure(failure) : null).toBeNull()
    expect(runs[0]?.fights).toBe(FIGHTS)
  })
})

/**
 * A planted bug in a system's turn: one acting with nothing left is offered `more(turn, id)` attacks after
 * every step (undefined: none), with `turnRules` over the system's own.
 */
const offering =
  (
    system: (typeof SYSTEM_IDS)[number],
    more: (turn: TurnState, id: string) => number | undefined,
    turnRules: Partial<TurnRules> = {},
  ) =>
  () => {
    const turn = SYSTEMS[system].turn
    const step: TurnRules['step'] = (state, action, ctx) => {
      const stepped = turn.step(state, action, ctx)
      if (!stepped.ok) return stepped
      const next = stepped.value.turn
      const left = { ...next.attacksLeft }
      for (const id of next.acting ?? []) if (left[id] === 0) left[id] = more(next, id) ?? 0
      return { ...stepped, value: { ...stepped.value, turn: { ...next, attacksLeft: left } } }
    }
    return { ...SYSTEMS[system], turn: { ...turn, ...turnRules, step } }
  }

describe('the simulator', () => {
  // A planted bug: the rules say nobody is ever out of the fight, so the fallen keep their turns.
  const fallenAct = (system: (typeof SYSTEM_IDS)[number]) => ({
    ...SYSTEMS[system],
    combat: { ...SYSTEMS[system].combat, out: () => null },
  })
  const invariants = SYSTEMS.osr.combat

  it('catches a planted bug, with a seed and a step that replay it', () => {
    const { failure } = simulate({ systems: ['osr'], fights: 50, seed: 1, rules: fallenAct })
    expect(failure).not.toBeNull()
    if (!failure) return
    expect(failure.invariant).toMatch(/fallen|fight ends|marks who is out/)
    const again = runFight('osr', failure.seed, { rules: fallenAct('osr') })
    expect(again).toEqual(failure)
    // Without the bug, the same fight keeps every invariant.
    expect(runFight('osr', failure.seed, { rules: { ...SYSTEMS.osr, combat: invariants } }).ok).toBe(true)
  })

  it('catches rules whose defenses accept an attack their resolve refuses with no defense', () => {
    // A planted bug: zones says its defenses check all, but its resolve refuses every attack they accept.
    const zones = SYSTEMS.zones.combat
    const missed = () => ({
      ...SYSTEMS.zones,
      combat: {
        ...zones,
        resolve: ((plan, defense, roll) => {
          const defenses = zones.defenses(plan)
          return defense === null && defenses.ok && defenses.value.length > 0
            ? { ok: false, error: 'Planted: refused with no defense.' }
            : zones.resolve(plan, defense, roll)
        }) satisfies typeof zones.resolve,
      },
    })
    const { failure } = simulate({ systems: ['zones'], fights: 20, seed: 1, rules: missed })
    expect(failure?.invariant).toBe('an attack its defenses accept resolves with no defense')
    expect(failure?.message).toMatch(/Planted: refused with no defense\.$/)
  })

  it('catches status chips that are not what the rules say of a combatant', () => {
    // A planted bug: the room's rules show no chip at all; the invariants judge by the system's own.
    const chipless = () => ({ ...SYSTEMS.osr, combat: { ...SYSTEMS.osr.combat, status: () => [] } })
    const { failure } = simulate({ systems: ['osr'], fights: 20, seed: 1, rules: chipless })
    expect(failure?.invariant).toBe('the status chips follow the rules')
    expect(failure?.message).toMatch(/shows \[\], the rules say \[".+"\]/)
  })

  it('catches an order that does not mark who of it is out', () => {
    // A planted bug: the turn model leaves the order's marks out of every step.
    const turn = SYSTEMS.osr.turn
    const unmarked = () => ({
      ...SYSTEMS.osr,
      turn: {
        ...turn,
        step: ((state, action, ctx) => {
          const stepped = turn.step(state, action, ctx)
          return stepped.ok
            ? { ...stepped, value: { ...stepped.value, turn: { ...stepped.value.turn, out: [] } } }
            : stepped
        }) satisfies typeof turn.step,
      },
    })
    const { failure } = simulate({ systems: ['osr'], fights: 20, seed: 1, rules: unmarked })
    expect(failure?.invariant).toBe('the order marks who is out')
    expect(failure?.message).toMatch(/ is out \(-?\d+ hp\), the order says \[\]$/)
  })

  it('catches damage taken twice while the line says it once, by the log’s numbers, not the rules’', () => {
    // A planted bug in brp itself (the invariants judge by it too): its resolution takes twice the hit
    // points its line states.
    const brp = SYSTEMS.brp.combat
    const twice = () => ({
      ...SYSTEMS.brp,
      combat: {
        ...brp,
        resolve: ((plan, defense, roll) => {
          const { target } = plan
          const resolved = brp.resolve(plan, defense, roll)
          const hp = resolved.ok ? resolved.value.changes[target.id]?.hp : undefined
          if (!resolved.ok || hp === undefined || hp >= target.hp) return resolved
          const changes = { ...resolved.value.changes }
          changes[target.id] = { ...changes[target.id], hp: hp - (target.hp - hp) }
          return { ...resolved, value: { ...resolved.value, changes } }
        }) satisfies typeof brp.resolve,
      },
    })
    const { failure } = simulate({ systems: ['brp'], fights: 20, seed: 1, rules: twice, inSystem: true })
    expect(failure?.invariant).toBe('the damage a line states is the damage it did')
    // The line's damage, then what the table took ("... for 6: Mira falls unconscious." took 12 hp).
    const stated = / for (\d+)[:.][^"]*" took (\d+) hp/
    expect(failure?.message).toMatch(stated)
    const [, said, took] = stated.exec(failure?.message ?? '') ?? []
    expect(Number(took)).toBe(2 * Number(said))
    if (failure) expect(runFight('brp', failure.seed, { rules: twice(), inSystem: true })).toEqual(failure)
  })

  it('catches a system allowing a second attack a turn, by its text, however its own rules agree', () => {
    // A planted bug in osr itself (the invariants judge by it too): every fighter strikes twice a round.
    const twice = offering('osr', (turn, id) => (turn.attacks?.[id] === 1 ? 1 : undefined), {
      attacksPerTurn: () => 2,
    })
    const { failure } = simulate({ systems: ['osr'], fights: 50, seed: 1, rules: twice, inSystem: true })
    expect(failure?.invariant).toBe('a turn allows only the attacks its text allows')
    expect(failure?.message).toMatch(
      /made 2 attacks in one turn .*; one attack a round \(17\.0\.1, 17\.0\.14\) allows 1\.$/,
    )
  })

  it('catches a turn that offers an attack its rules refuse for the attacks made (#54: "all 1 attacks")', () => {
    // A planted bug in odnd's turn: one with nothing left of the round is offered one more attack.
    const oneMore = offering('odnd', () => 1)
    const { failure } = simulate({ systems: ['odnd'], fights: 50, seed: 1, rules: oneMore })
    expect(failure?.invariant).toBe('the turn offers no attack the room would refuse')
    expect(failure?.message).toMatch(/has made (the one attack|all \d+ attacks) of the round/)
  })

  it('catches odds shown one face off from what resolving rolls, over every face, not by the rules’ odds', () => {
    // A planted bug in osr's preview: the chance a phone shows is one d20 face lower than resolving hits.
    const osr = SYSTEMS.osr.combat
    const faceOff = () => ({
      ...SYSTEMS.osr,
      combat: {
        ...osr,
        preview: ((plan) => {
          const shown = osr.preview(plan)
          if (!shown.ok || shown.value.chance < 0.05) return shown
          return { ...shown, value: { ...shown.value, chance: shown.value.chance - 1 / 20 } }
        }) satisfies typeof osr.preview,
      },
    })
    const { failure } = simulate({ systems: ['osr'], fights: 20, seed: 1, rules: faceOff })
    expect(failure?.invariant).toBe('the odds shown are what resolving rolls, face by face')
    const [, shown, hits] =
      /the preview says ([\d.]+)%.* hits on (\d+) of the 20 faces/.exec(failure?.message ?? '') ?? []
    expect(Number(shown)).toBeCloseTo((Number(hits) - 1) * 5, 6)
    if (failure) expect(runFight('osr', failure.seed, { rules: faceOff() })).toEqual(failure)
  })

  it('catches brp breaking a DEX-rank tie the wrong way, by its text’s order of weapons, not its own', () => {
    // A planted bug in brp itself (the invariants judge by it too): on one DEX rank, the slowest weapon
    // goes first (each fresh order's ties reversed).
    const turn = SYSTEMS.brp.turn
    const reversed = () => ({
      ...SYSTEMS.brp,
      turn: {
        ...turn,
        step: ((state, action, ctx) => {
          const stepped = turn.step(state, action, ctx)
          if (!stepped.ok || JSON.stringify(stepped.value.turn.order) === JSON.stringify(state.order))
            return stepped
          const order = [...stepped.value.turn.order]
          const runs: (typeof order)[] = []
          for (const slot of order) {
            const run = runs.at(-1)
            if (run && run[0]?.at === slot.at) run.push(slot)
            else runs.push([slot])
          }
          const tied = runs.flatMap((run) => [...run].reverse())
          return { ...stepped, value: { ...stepped.value, turn: { ...stepped.value.turn, order: tied } } }
        }) satisfies typeof turn.step,
      },
    })
    const { failure } = simulate({ systems: ['brp'], fights: 20, seed: 1, rules: reversed, inSystem: true })
    expect(failure?.invariant).toBe('brp acts by DEX rank, ties by weapon, as its text orders them (5.4)')
    expect(failure?.message).toMatch(
      /^on DEX rank \d+, .+ \((long|medium|short or unarmed)\) acts before .+ \(\w+\)$/,
    )
    if (failure) expect(runFight('brp', failure.seed, { rules: reversed(), inSystem: true })).toEqual(failure)
  })

  it('catches a timed condition that never ends, from the state as stored, not the system’s code', () => {
    // A planted bug in odnd itself (the invariants judge by it too): the end of a round ticks no condition.
    const combat = SYSTEMS.odnd.combat
    const stuck = () => ({
      ...SYSTEMS.odnd,
      combat: {
        ...combat,
        endOfRound: ((fighters, round, roll) => {
          const ended = combat.endOfRound(fighters, round, roll)
          if (!ended.ok) return ended
          const changes = { ...ended.value.changes }
          for (const [id, change] of Object.entries(changes)) {
            const was = fighters.find((f) => f.id === id)?.state.conditions
            if (change.state && was !== undefined)
              changes[id] = { ...change, state: { ...change.state, conditions: was } }
          }
          return { ...ended, value: { ...ended.value, changes } }
        }) satisfies typeof combat.endOfRound,
      },
    })
    const { failure } = simulate({ systems: ['odnd'], fights: 50, seed: 1, rules: stuck, inSystem: true })
    expect(failure?.invariant).toBe('a system’s timed condition ends when its rounds run out')
    expect(failure?.message).toMatch(/'s \S+ \(\d+ round\(s\)\) is still on after \d+ rounds ended$/)
  })

  it('plays the same fight from the same seed', () => {
    expect(runFight('zones', 7)).toEqual(runFight('zones', 7))
  })
})
