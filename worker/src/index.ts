/** The Fray Worker: the HTTP API under /api, the app's static assets for everything else. */
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { api } from './api.ts'
import type { Env } from './env.ts'

export { EncounterRoom } from './room/encounter-room.ts'

const app = new Hono<{ Bindings: Env }>()
// API answers are JSON only: nothing in them may run, frame or be sniffed as something else.
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  referrerPolicy: 'no-referrer',
  crossOriginResourcePolicy: 'same-origin',
})
// A WebSocket upgrade answer comes from the Durable Object with immutable headers: leave it as it is.
app.use('/api/*', (c, next) => (c.req.header('Upgrade') ? next() : apiHeaders(c, next)))
app.route('/api', api)
app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw))

export default app
