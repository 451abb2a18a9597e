/**
 * The room seen from inside `wrangler dev`: the app's own workerd port, past wrangler's dev proxy (a hop
 * production does not have). BENCH_DIRECT=1 runs the Fray load once more on that port.
 */
import { execFileSync } from 'node:child_process'

/** Finds the app's own HTTP address (e.g. http://127.0.0.1:41511) among the ports workerd listens on. */
export async function appOwnUrl(proxyPort: number): Promise<string> {
  let listing: string
  try {
    listing = execFileSync('ss', ['-ltnp'], { encoding: 'utf8' })
  } catch {
    throw new Error('BENCH_DIRECT needs `ss` (iproute2) to find workerd’s ports')
  }
  const ports = [...listing.matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd"/g)]
    .map((m) => Number(m[1]))
    .filter((p) => p !== proxyPort)
  for (const port of ports) {
    const base = `http://127.0.0.1:${port}`
    // Whatever a port answers that is not the room's refusal (the proxy's page, an inspector) counts as no.
    const room = await fetch(`${base}/api/rooms/none`)
      .then(async (r) => r.status === 404 && (await r.text()).includes('no room'))
      .catch(() => false)
    if (room) return base
  }
  throw new Error(`the app's own port is not among workerd's ${ports.join(', ')}`)
}
