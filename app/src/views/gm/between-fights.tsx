/**
 * Between fights: "New fight" (the party stays as it is, the monsters go, the log is filed), and where
 * the system's text heals with time (brp: a week of rest, 5.14), the rest: the GM ticks who lies in a
 * hospital and taps once; the room rolls and logs the healing, which the GM may undo.
 */
import type { Written } from '@fray/protocol'
import type { SystemInfo } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { AskOnce } from '../../components/ask-once.tsx'
import { doneHere, type GmModel } from '../../models/gm.ts'
import type { Combatant } from '../../models/table.ts'
import { useTapLock } from '../use-tap-lock.ts'

interface Props {
  rest: NonNullable<SystemInfo['rest']>
  gm: GmModel
  /** Everyone on the table; the wounded are listed. */
  combatants: Combatant[]
  /** Whether this tablet holds the table and the log as far as the room had written them. */
  holds: (written: Written) => boolean
}

export function RestCard({ rest, gm, combatants, holds }: Props) {
  const hospital = useSignal<string[]>([])
  // Once tapped, locked until this tablet holds the healing: a second tap on a slow link would rest twice.
  const { locked, sent } = useTapLock((id) => doneHere(gm, id, holds))
  const wounded = combatants.filter((c) => !c.hpHidden && c.hp < c.maxHp)
  if (wounded.length === 0) return null
  const toggle = (id: string, on: boolean) => {
    hospital.value = on ? [...hospital.value, id] : hospital.value.filter((x) => x !== id)
  }
  return (
    <details class="rest" data-testid="rest">
      <summary>Between fights: {rest.label.toLowerCase()}</summary>
      <p class="muted small">{rest.effect}</p>
      <fieldset class="toggle-group bare">
        <legend class="sr-only">Who rests in a hospital</legend>
        {wounded.map((c) => (
          <label key={c.id} class="toggle">
            <input
              type="checkbox"
              checked={hospital.value.includes(c.id)}
              onChange={(e) => toggle(c.id, e.currentTarget.checked)}
            />
            <span>
              {c.name} · {c.hp}/{c.maxHp} HP · {rest.hospital}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        class="primary"
        disabled={locked}
        onClick={() => {
          sent(gm.send({ kind: 'rest', hospital: hospital.value }))
          hospital.value = []
        }}
      >
        {rest.label}
      </button>
    </details>
  )
}

/** "New fight", asked once: the monsters on the table go and the log is filed, which undo cannot bring back. */
export function NewFight({ gm, monsters }: { gm: GmModel; monsters: number }) {
  return (
    <AskOnce
      label="New fight…"
      title="Start a new fight"
      choices={[{ label: 'Start a new fight', onChoose: () => gm.send({ kind: 'new-fight' }) }]}
    >
      The party stays as it is, wounds and all.{' '}
      {monsters > 0 ? `The ${monsters} monster${monsters === 1 ? '' : 's'} on the table go; ` : ''}
      this fight's log is kept under Past fights.
    </AskOnce>
  )
}
