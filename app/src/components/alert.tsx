/** What went wrong, in words, where it happened: announced at once to screen readers; nothing when all is well. */
export function Alert({ text, id }: { text: string | null | undefined; id?: string }) {
  return text ? (
    <p class="error" role="alert" id={id}>
      {text}
    </p>
  ) : null
}
