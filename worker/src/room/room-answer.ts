/** What the room answers a call a person made through the Worker's API. */

/** A value, or why not with the HTTP status to say it with. */
export type RoomAnswer<T> =
  | { ok: true; value: T }
  | {
      ok: false
      status: 400 | 403 | 404 | 409 | 413 | 429
      error: string
      retryAfterS?: number
      /** A new seat refused for a name already seated: that seat's name (`ApiError.seated`). */
      seated?: string
    }

export const NO_ROOM = 'There is no room with this id. Check the link, or ask the GM for a new one.'
