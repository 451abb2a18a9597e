/**
 * The GM's list of players: who sits where, with which character, whether their phone is here; a seat let
 * back in on a new phone, or freed after the GM confirms it.
 */
import { useSignal } from '@preact/signals'
import { HandoverDialog } from '../../components/seat-handover.tsx'
import type { TableModel } from '../../models/table.ts'

interface Props {
  table: TableModel
  /** Presence on the table document: who is connected. */
  present: ReadonlyArray<Record<string, unknown>>
  roomId: string
  /** Asks the room for a seat's handover code ("Let back in"). */
  gmKey: string
}

export function SeatsCard({ table, present, roomId, gmKey }: Props) {
  const seats = table.seats.value.filter((s) => !s.freed)
  /** The seat whose "Free seat" waits for the GM to confirm. */
  const confirming = useSignal<string | null>(null)
  /** The seat the GM is letting back in on a new phone. */
  const lettingIn = useSignal<string | null>(null)
  const letIn = seats.find((s) => s.id === lettingIn.value)
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
                <span class="seat-who">
                  <strong>{s.name}</strong> —{' '}
                  {character ? (
                    <>
                      plays <strong>{character.name}</strong>
                    </>
                  ) : (
                    'choosing a character'
                  )}
                  <span class="muted"> · {online ? 'here' : 'away'}</span>
                </span>
                <span class="seat-actions">
                  <button type="button" class="ghost" onClick={() => (lettingIn.value = s.id)}>
                    Let back in<span class="visually-hidden"> {s.name}</span>
                  </button>
                  <button
                    type="button"
                    class="ghost danger"
                    aria-expanded={confirming.value === s.id}
                    onClick={() => (confirming.value = s.id)}
                  >
                    Free seat<span class="visually-hidden"> of {s.name}</span>
                  </button>
                </span>
                {confirming.value === s.id && (
                  <fieldset class="seat-confirm">
                    <legend>Free {s.name}’s seat?</legend>
                    <p class="seat-confirm-text">
                      {character ? `${character.name} goes back to the characters anyone can play, and ` : ''}
                      {s.name}’s phone goes back to the join screen.
                    </p>
                    <div class="row gap">
                      <button type="button" class="big" onClick={() => (confirming.value = null)}>
                        Keep seat
                      </button>
                      <button
                        type="button"
                        class="big danger"
                        onClick={() => {
                          confirming.value = null
                          table.freeSeat(s.id)
                        }}
                      >
                        Yes, free seat
                      </button>
                    </div>
                  </fieldset>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {letIn && (
        <HandoverDialog
          key={letIn.id}
          roomId={roomId}
          seatId={letIn.id}
          authKey={gmKey}
          title={`Let ${letIn.name} back in`}
          note={`Once the new phone takes the seat, ${letIn.name}’s old phone is signed out.`}
          takenAt={letIn.handedOverAt}
          takenSaid={`${letIn.name} is back in on the new phone.`}
          onClose={() => (lettingIn.value = null)}
        />
      )}
    </section>
  )
}
