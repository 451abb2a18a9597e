/**
 * What went wrong, in words, where it happened: announced at once to screen readers; nothing when all is
 * well. With `onDismiss`, an OK puts it away (a refusal that outlives the moment it was about).
 */
export function Alert({
  text,
  id,
  onDismiss,
}: {
  text: string | null | undefined
  id?: string
  onDismiss?: () => void
}) {
  if (!text) return null
  return onDismiss ? (
    <div class="error dismissable" role="alert" id={id}>
      <p>{text}</p>
      <button type="button" class="dismiss" onClick={onDismiss}>
        OK
      </button>
    </div>
  ) : (
    <p class="error" role="alert" id={id}>
      {text}
    </p>
  )
}
