/** A room link that cannot be opened (no such room, a refused key): why, and the way back. */
export function RoomError({ error }: { error: string }) {
  return (
    <main class="page narrow">
      <h1>Cannot open this encounter</h1>
      <p class="error" role="alert">
        {error}
      </p>
      <a class="button" href="/">
        Back to start
      </a>
    </main>
  )
}
