/**
 * What a player looks at before acting, under their hit points: the weapon in hand with its damage and
 * the number an attacker must beat. Loaded with the rules, after the first paint.
 */
import type { SystemId } from '@fray/protocol'
import { rulesOf } from '../models/rules.ts'
import { asFighter, type Combatant } from '../models/table.ts'

export function CharacterGlance({ system, me }: { system: SystemId; me: Combatant }) {
  const combat = rulesOf(system).combat
  const fighter = asFighter(me)
  const choices = combat.choices(fighter)
  // The first way to attack is the one an attack starts with: the weapon in hand. None while only what is
  // not an attack is offered (osr: the weapon broke or was dropped last round).
  const first = choices.ok ? choices.value[0] : undefined
  const weapon = first && !first.self && !first.waits && !first.aid ? first.label : null
  const defense = combat.defense(fighter)
  if (!weapon && !defense) return null
  return (
    <p class="glance" data-testid="glance">
      {weapon && (
        <span>
          <span class="muted">In hand </span>
          <strong>{weapon}</strong>
        </span>
      )}
      {defense && <strong>{defense}</strong>}
    </p>
  )
}

/**
 * Between fights, where the system has ways to help another (brp's First Aid on the last fight's wounds,
 * waking the knocked out, 5.12 and 5.14): one button that opens them, needing nobody's turn.
 */
export function AidButton({ system, me, onAid }: { system: SystemId; me: Combatant; onAid: () => void }) {
  const choices = rulesOf(system).combat.choices(asFighter(me))
  const aids = choices.ok ? choices.value.filter((c) => c.aid) : []
  if (aids.length === 0) return null
  return (
    <button type="button" class="big" onClick={onAid}>
      Tend the wounded: {aids.map((c) => c.label.split(' · ')[0]).join(', ')}…
    </button>
  )
}
