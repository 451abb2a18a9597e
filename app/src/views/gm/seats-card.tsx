/** The GM's list of players: who sits where, with which character, whether their phone is here. */
import type { TableModel } from '../../models/table.ts'

interface Props {
  table: TableModel
  /** Presence on the table document: who is connected. */
  present: ReadonlyArray<Record<string, unknown>>
}

export function SeatsCard({ table, present }: Props) {
  const seats = table.seats.value.filter((s) => !s.freed)
  return (
    <section class="card" aria-labelledby="seats-h">
      <h2 id="seats-h">Players</h2>
      {seats.length === 0 ? (
        <p class="empty">Nobody has joined yet.</p>
      ) : (
        <ul class="seats" data-testid="seats">
          {seats.map((s) => {
            const online = present.some((p) => p.seatId === s.id)
            const character = table.combatants.value.find((c) => c.id === s.combatantId)
            return (
              <li key={s.id} class="seat">
                <span class={`dot ${online ? 'on' : ''}`} aria-hidden="true" />
                <span>
                  <strong>{s.name}</strong>
                  <span class="muted">
                    {' '}
                    · {character ? character.name : 'choosing a character'} · {online ? 'here' : 'away'}
                  </span>
                </span>
                <button type="button" class="ghost push" onClick={() => table.freeSeat(s.id)}>
                  Free seat
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
