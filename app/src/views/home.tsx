/** Home: start an encounter (pick a system by name) or join one from a link. */
import { SYSTEM_IDS, SYSTEM_INFO, type SystemId } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { createRoom, getRoomInfo } from '../api.ts'
import { Alert } from '../components/alert.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { keepOffline } from '../keep-offline.ts'
import { download, readJson } from '../models/files.ts'
import { exportTables, forgetTable, type MyTable, myTables, refreshTables } from '../models/my-tables.ts'

export function Home() {
  const system = useSignal<SystemId>(SYSTEM_IDS[0] as SystemId)
  useEffect(() => {
    keepOffline(['home'])
  }, [])
  const name = useSignal('')
  const busy = useSignal(false)
  const error = useSignal<string | null>(null)
  const link = useSignal('')
  const joinError = useSignal<string | null>(null)
  const importError = useSignal<string | null>(null)

  const create = async (event: Event) => {
    event.preventDefault()
    busy.value = true
    error.value = null
    const result = await createRoom(system.value, name.value.trim() || 'Encounter')
    busy.value = false
    if (!result.ok) {
      error.value = result.error
      return
    }
    const url = new URL(result.value.gmLink)
    window.location.assign(`${url.pathname}${url.hash}`)
  }

  const importFile = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    importError.value = null
    // The room reads the file field by field (any version) and names the first it refuses.
    const parsed = readJson(await file.text(), 'a file')
    const encounter = parsed.ok ? (parsed.value as { system?: unknown; name?: unknown } | null) : null
    const result =
      encounter && typeof encounter === 'object'
        ? await createRoom(
            String(encounter.system) as SystemId,
            typeof encounter.name === 'string' ? encounter.name : 'Encounter',
            encounter,
          )
        : parsed.ok
          ? { ok: false as const, error: 'That file is not a Fray encounter export.' }
          : parsed
    if (!result.ok) {
      importError.value = `The file cannot be imported: ${result.error}`
      return
    }
    const url = new URL(result.value.gmLink)
    window.location.assign(`${url.pathname}${url.hash}`)
  }

  const join = (event: Event) => {
    event.preventDefault()
    const match = /([A-Za-z0-9_-]{22})(#.*)?\s*$/.exec(link.value.trim())
    if (!match) {
      joinError.value = 'Paste the whole link the GM shared, like https://…/r/AbC…'
      return
    }
    window.location.assign(`/r/${match[1]}${match[2] ?? ''}`)
  }

  return (
    <main class="page narrow">
      <header class="hero">
        <div class="row">
          <h1>Fray</h1>
          <span class="push">
            <ThemeToggle />
          </span>
        </div>
        <p class="muted">Combat at the table: the GM on a tablet, every player on their phone, live.</p>
      </header>

      <MyTables />

      <form class="card" onSubmit={create}>
        <h2>New encounter</h2>
        <label class="field">
          <span>Name</span>
          <input
            value={name.value}
            onInput={(e) => {
              name.value = e.currentTarget.value
            }}
            placeholder="Goblin ambush"
            maxLength={60}
          />
        </label>
        <fieldset class="systems">
          <legend>Rule system</legend>
          {SYSTEM_IDS.map((id) => (
            <label key={id} class={`system ${system.value === id ? 'chosen' : ''}`}>
              <input
                type="radio"
                name="system"
                value={id}
                checked={system.value === id}
                onChange={() => {
                  system.value = id
                }}
              />
              <span class="system-name">{SYSTEM_INFO[id].name}</span>
              <span class="muted small">{SYSTEM_INFO[id].blurb}</span>
            </label>
          ))}
        </fieldset>
        <Alert text={error.value} />
        <button type="submit" class="primary big" disabled={busy.value}>
          {busy.value ? 'Creating…' : 'Create encounter'}
        </button>
        <label class="button big file-button">
          Import an exported encounter…
          <input type="file" accept="application/json,.json" class="visually-hidden" onChange={importFile} />
        </label>
        <Alert text={importError.value} />
      </form>

      <form class="card" onSubmit={join}>
        <h2>Join an encounter</h2>
        <label class="field">
          <span>Link from the GM</span>
          <input
            value={link.value}
            onInput={(e) => {
              link.value = e.currentTarget.value
              joinError.value = null
            }}
            placeholder="https://…/r/…"
            inputMode="url"
          />
        </label>
        <Alert text={joinError.value} />
        <button type="submit" class="big">
          Join
        </button>
      </form>
    </main>
  )
}

const when = (at: number) =>
  new Date(at).toLocaleString([], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })

const day = (at: number) =>
  new Date(at).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' })

/** The tables this device has opened, as GM or as a player: one tap back in next week. */
function MyTables() {
  const tables = useSignal<MyTable[]>(myTables())
  const forgetting = useSignal<string | null>(null)
  // What each room says now (how long it is kept), once the list shows.
  useEffect(() => {
    void refreshTables(tables.peek(), getRoomInfo).then((changed) => {
      if (changed) tables.value = myTables()
    })
  }, [tables])
  if (tables.value.length === 0) return null
  const forget = (t: MyTable) => {
    const id = `${t.role}/${t.roomId}`
    // Asked twice: forgetting a GM key here may leave the GM link as the only way back in.
    if (forgetting.value !== id) {
      forgetting.value = id
      return
    }
    forgetTable(t)
    forgetting.value = null
    tables.value = myTables()
  }
  return (
    <section class="card" aria-labelledby="mine-h">
      <h2 id="mine-h">Your tables</h2>
      <ul class="my-tables">
        {tables.value.map((t) => {
          const id = `${t.role}/${t.roomId}`
          const name = t.name ?? 'A room not opened here yet'
          return (
            <li key={id} class="my-table">
              <a class="button big" href={t.href}>
                <strong>{name}</strong>
                <span class="muted small">
                  {t.role === 'gm' ? 'You are the GM' : `You play ${t.seatName}`}
                  {t.system ? ` · ${SYSTEM_INFO[t.system].name}` : ''}
                  {t.lastOpened ? ` · opened ${when(t.lastOpened)}` : ''}
                  {t.keptUntil ? ` · kept until ${day(t.keptUntil)} unless used` : ''}
                </span>
              </a>
              <button type="button" class="ghost" aria-label={`Forget ${name}`} onClick={() => forget(t)}>
                {forgetting.value === id
                  ? t.role === 'gm'
                    ? 'Forget the GM key?'
                    : 'Forget this seat?'
                  : 'Forget'}
              </button>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        class="ghost"
        onClick={() => download('fray-tables.json', exportTables(tables.value))}
      >
        Export this list
      </button>
    </section>
  )
}
