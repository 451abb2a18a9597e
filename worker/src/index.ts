/** The Fray Worker: the HTTP API under /api, the app's static assets for everything else. */
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { api } from './api.ts'
import type { Env } from './env.ts'

export { AddressLimiter } from './address-limit.ts'
export { EncounterRoom } from './room/encounter-room.ts'

const app = new Hono<{ Bindings: Env }>()
// API answers are JSON only: nothing in them may run, frame or be sniffed as something else.
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  referrerPolicy: 'no-referrer',
  crossOriginResourcePolicy: 'same-origin',
})
app.use('/api/*', async (c, next) => {
  if (!c.req.header('Upgrade')) return apiHeaders(c, next)
  await next()
  // An accepted upgrade comes from the Durable Object with immutable headers and goes back as it is; a
  // refused one is a JSON answer like any other (the route hands it on as a copy that takes headers).
  if (c.res.status !== 101) await apiHeaders(c, async () => {})
})
app.route('/api', api)
app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw))

export default app
