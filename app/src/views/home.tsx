/** Home: start an encounter (pick a system by name) or join one from a link. */
import { SYSTEM_IDS, SYSTEM_INFO, type SystemId } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { createRoom } from '../api.ts'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { parseExport } from '../models/export.ts'

export function Home() {
  const system = useSignal<SystemId>(SYSTEM_IDS[0] as SystemId)
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
    const parsed = parseExport(await file.text())
    if (!parsed.ok) {
      importError.value = parsed.error
      return
    }
    const { system: sys, name: encounterName, documents } = parsed.value
    const result = await createRoom(sys, encounterName, documents)
    if (!result.ok) {
      importError.value = result.error
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
        {error.value && (
          <p class="error" role="alert">
            {error.value}
          </p>
        )}
        <button type="submit" class="primary big" disabled={busy.value}>
          {busy.value ? 'Creating…' : 'Create encounter'}
        </button>
        <label class="button big file-button">
          Import an exported encounter…
          <input type="file" accept="application/json,.json" class="visually-hidden" onChange={importFile} />
        </label>
        {importError.value && (
          <p class="error" role="alert">
            {importError.value}
          </p>
        )}
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
        {joinError.value && (
          <p class="error" role="alert">
            {joinError.value}
          </p>
        )}
        <button type="submit" class="big">
          Join
        </button>
      </form>
    </main>
  )
}
