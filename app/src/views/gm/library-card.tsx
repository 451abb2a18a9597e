/**
 * The GM's monster library for the room's system, on this device and every GM device of the room: what
 * is saved (add one by typing its name, "Orc x3"), forgetting one, and a JSON file to share a library
 * with another GM.
 */
import type { SystemId } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import type * as Y from 'yjs'
import { download } from '../../models/files.ts'
import {
  exportLibrary,
  forgetEverywhere,
  importLibrary,
  type Monster,
  parseLibrary,
} from '../../models/library.ts'

export function LibraryCard({
  system,
  doc,
  monsters,
  onChange,
}: {
  system: SystemId
  /** The room's gm document, where the GM's devices share the library. */
  doc: Y.Doc
  monsters: readonly Monster[]
  onChange: () => void
}) {
  const said = useSignal<{ ok: boolean; text: string } | null>(null)
  const read = async (file: File) => {
    const parsed = parseLibrary(await file.text(), system)
    if (!parsed.ok) {
      said.value = { ok: false, text: `Not imported: ${parsed.error}` }
      return
    }
    const error = importLibrary(system, parsed.value)
    said.value = error
      ? { ok: false, text: error }
      : { ok: true, text: `Imported ${parsed.value.length} monster${parsed.value.length === 1 ? '' : 's'}.` }
    onChange()
  }
  return (
    <section class="card" aria-labelledby="library-h">
      <h2 id="library-h">Monster library</h2>
      {monsters.length === 0 ? (
        <p class="muted small">
          Save a monster’s stats from its Stats form, then add copies by name (“Orc x3”), each with the
          library’s hit points, rolled by the room where they are dice.
        </p>
      ) : (
        <ul class="library" data-testid="library">
          {monsters.map((m) => (
            <li key={m.name} class="row gap">
              <span>
                <strong>{m.name}</strong> <span class="muted small">· HP {m.hp}</span>
              </span>
              <button
                type="button"
                class="ghost push"
                aria-label={`Forget ${m.name}`}
                onClick={() => {
                  forgetEverywhere(system, m.name, doc)
                  onChange()
                }}
              >
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="row gap">
        <button
          type="button"
          disabled={monsters.length === 0}
          onClick={() => download(`fray-library-${system}.json`, exportLibrary(system))}
        >
          Export the library
        </button>
        <label class="button file-button">
          Import a library…
          <input
            type="file"
            accept="application/json,.json"
            class="visually-hidden"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0]
              e.currentTarget.value = ''
              if (file) void read(file)
            }}
          />
        </label>
      </div>
      {said.value && (
        <p class={said.value.ok ? 'muted small' : 'error'} role={said.value.ok ? 'status' : 'alert'}>
          {said.value.text}
        </p>
      )}
    </section>
  )
}
