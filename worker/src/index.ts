/** The Fray Worker: the HTTP API under /api, the app's static assets for everything else. */
import { Hono } from 'hono'
import { api } from './api.ts'
import type { Env } from './env.ts'

export { EncounterRoom } from './room/encounter-room.ts'

const app = new Hono<{ Bindings: Env }>()
app.route('/api', api)
app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw))

export default app
