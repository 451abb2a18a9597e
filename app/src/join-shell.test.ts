import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { earlyJoin, takeJoinShell } from './join-shell.ts'
import { saveSeat } from './models/seat.ts'
import { parseRoute } from './route.ts'
import { CHROME_COLORS, resolveTheme, THEME_KEY } from './theme.ts'

const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8')
const headers = readFileSync(new URL('../public/_headers', import.meta.url), 'utf8')
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string)
const firstPaint = inline[0] as string

const ROOM = 'AbCdEfGhIjKlMnOpQrStUv'

/**
 * Runs index.html's first-paint script as the browser would at `url`, with this storage (or storage that
 * refuses every read, as in private mode) and system theme.
 */
function runFirstPaint(url: string, storage: Record<string, string> | 'refused' = {}, prefersLight = false) {
  const { pathname, hash } = new URL(url, 'https://fray.example')
  const root = { dataset: {} as Record<string, string> }
  const chrome = { content: '' }
  const submits: Array<(event: unknown) => void> = []
  new Function('document', 'location', 'localStorage', 'matchMedia', 'addEventListener', firstPaint)(
    {
      documentElement: root,
      querySelector: (q: string) => (q === 'meta[name="theme-color"]' ? chrome : null),
    },
    { pathname, hash },
    {
      getItem: (key: string) => {
        if (storage === 'refused') throw new Error('SecurityError')
        return storage[key] ?? null
      },
    },
    (query: string) => ({ matches: prefersLight && query === '(prefers-color-scheme: light)' }),
    (type: string, listener: (event: unknown) => void) => type === 'submit' && submits.push(listener),
  )
  return { root, chrome, submits }
}

function storageWithSeat(roomId: string): Record<string, string> {
  const kept: Record<string, string> = {}
  saveSeat(roomId, { seatId: 's1', seatKey: 'k'.repeat(22), name: 'Mira' }, {
    setItem: (key: string, value: string) => {
      kept[key] = value
    },
  } as Storage)
  return kept
}

describe("index.html's first-paint script", () => {
  it('is the one inline script, allowed by its hash in the CSP of public/_headers', () => {
    expect(inline).toHaveLength(1)
    const hash = createHash('sha256').update(firstPaint).digest('base64')
    const csp = /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? ''
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`])
  })

  it("paints the join form exactly where the app shows a player's join form", () => {
    const urls = [
      '/',
      `/r/${ROOM}`,
      `/r/${ROOM}/`,
      `/r/${ROOM}#gm=secretkey`,
      `/r/${ROOM}#gm=`,
      `/r/${ROOM}#x=1&gm=secretkey`,
      `/r/${ROOM}#seat=code`,
      `/r/${ROOM}/screen`,
      '/r/too-short',
      `/r/${ROOM}/elsewhere`,
    ]
    for (const url of urls) {
      const { pathname, hash } = new URL(url, 'https://fray.example')
      const shows = runFirstPaint(url).root.dataset.join === 'early'
      expect(shows, url).toBe(parseRoute(pathname, hash).screen === 'player')
    }
  })

  it('leaves a phone already seated in this room to the app, unless a seat link hands it another seat', () => {
    const seated = storageWithSeat(ROOM)
    expect(runFirstPaint(`/r/${ROOM}`, seated).root.dataset.join).toBeUndefined()
    expect(runFirstPaint(`/r/${ROOM}#seat=code`, seated).root.dataset.join).toBe('early')
    expect(runFirstPaint(`/r/${'x'.repeat(22)}`, seated).root.dataset.join).toBe('early')
  })

  it('still paints the form where storage is refused (private mode)', () => {
    expect(runFirstPaint(`/r/${ROOM}`, 'refused').root.dataset).toEqual({ theme: 'dark', join: 'early' })
  })

  it('sets the theme and the browser chrome’s colour theme.ts would, on every page', () => {
    for (const pick of [null, 'light', 'dark', 'purple'] as const) {
      for (const prefersLight of [false, true]) {
        const storage: Record<string, string> = pick ? { [THEME_KEY]: pick } : {}
        const expected = resolveTheme(pick === 'light' || pick === 'dark' ? pick : null, prefersLight)
        const { root, chrome } = runFirstPaint('/', storage, prefersLight)
        expect([root.dataset.theme, chrome.content], `${pick} ${prefersLight}`).toEqual([
          expected,
          CHROME_COLORS[expected],
        ])
      }
    }
  })

  it('holds a Join tapped before the app has loaded, and only the painted form’s', () => {
    const { root, submits } = runFirstPaint(`/r/${ROOM}`)
    expect(submits).toHaveLength(1)
    let prevented = 0
    const submit = (id: string) => submits[0]?.({ target: { id }, preventDefault: () => prevented++ })
    submit('another-form')
    expect([root.dataset.join, prevented]).toEqual(['early', 0])
    submit('join-shell-form')
    expect([root.dataset.join, prevented]).toEqual(['submitted', 1])
  })
})

describe('takeJoinShell', () => {
  /** A document with the painted form, as the first-paint script left it. */
  function paintedDocument(join: string | undefined, typed: string, focused: boolean) {
    const input = { value: typed }
    let removed = false
    const shell = { querySelector: () => input, remove: () => (removed = true) }
    const root = { dataset: (join ? { join } : {}) as Record<string, string> }
    const doc = {
      documentElement: root,
      activeElement: focused ? input : null,
      getElementById: (id: string) => (id === 'join-shell' ? shell : null),
    } as unknown as Document
    return { doc, root, removed: () => removed }
  }

  it('carries what the player typed, the keyboard and an early Join into the app, once', () => {
    const painted = paintedDocument('submitted', 'Mira', true)
    const shell = takeJoinShell(painted.doc)
    expect(painted.removed()).toBe(false)
    shell.done()
    expect([painted.removed(), painted.root.dataset.join]).toEqual([true, undefined])
    expect(earlyJoin()).toEqual({ name: 'Mira', focused: true, submitted: true })
    expect(earlyJoin()).toBeNull()
  })

  it('carries nothing where the form was not painted (the GM, a seated phone), and still removes it', () => {
    const painted = paintedDocument(undefined, '', false)
    takeJoinShell(painted.doc).done()
    expect(painted.removed()).toBe(true)
    expect(earlyJoin()).toBeNull()
  })
})
