/** Handing a link to the phone's share sheet, or the clipboard where there is none. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The phone's share sheet where there is one, else the clipboard. */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  const data = { url, title }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // Not allowed here (no user gesture, insecure origin): fall through to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/** Whether this browser offers a share sheet (phones, some tablets), to name the button after it. */
export const canShare = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function'
