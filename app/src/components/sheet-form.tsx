/** A character sheet form built from a rule system's sheet description, with its defaults and validation. */
import type { SheetField, SheetNote } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from './alert.tsx'

type Values = Record<string, unknown>

export function defaultsOf(fields: ReadonlyArray<SheetField>): Values {
  return Object.fromEntries(fields.map((f) => [f.key, structuredClone(f.default)]))
}

interface Props {
  fields: ReadonlyArray<SheetField>
  /** The values so far; kept by the caller, so nothing typed is lost on an error or a reload. */
  values: Values
  onChange: (values: Values) => void
  onSubmit: () => void
  error: string | null
  busy: boolean
  /** The submit button's words: creating a character by default. */
  submitLabel?: string
  /** The system's words under its choices, by path, over their help (brp: the chance a weapon is used at). */
  notes?: Readonly<Record<string, SheetNote>>
}

export function SheetForm({
  fields,
  values,
  onChange,
  onSubmit,
  error,
  busy,
  submitLabel = 'Create my character',
  notes = {},
}: Props) {
  return (
    <form
      class="sheet-form"
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      {fields.map((field) => (
        <Field
          key={field.key}
          field={field}
          path={field.key}
          notes={notes}
          value={values[field.key]}
          onChange={(v) => onChange({ ...values, [field.key]: v })}
        />
      ))}
      <Alert text={error} />
      <button type="submit" class="primary big" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  )
}

function Field({
  field,
  path,
  notes,
  value,
  onChange,
}: {
  field: SheetField
  path: string
  notes: Readonly<Record<string, SheetNote>>
  value: unknown
  onChange: (v: unknown) => void
}) {
  const id = useSignal(`f-${Math.random().toString(36).slice(2, 9)}`).value
  switch (field.kind) {
    case 'number':
      return (
        <div class="field">
          <label for={id}>{field.label}</label>
          <input
            id={id}
            inputMode="numeric"
            aria-describedby={field.help ? `${id}-help` : undefined}
            value={value === undefined || value === null ? '' : String(value)}
            onInput={(e) => {
              const text = e.currentTarget.value
              // Kept as typed when it is not a number yet, so the sheet's parser can say what is wrong.
              onChange(text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text)
            }}
          />
          {field.help && (
            <span id={`${id}-help`} class="muted small">
              {field.help}
            </span>
          )}
        </div>
      )
    case 'text':
      return (
        <label class="field" for={id}>
          <span>{field.label}</span>
          <input
            id={id}
            value={String(value ?? '')}
            maxLength={field.maxLength}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
        </label>
      )
    case 'boolean':
      return (
        <label class="toggle" for={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          <span>{field.label}</span>
        </label>
      )
    case 'choice': {
      // A stored value in another case is its option; one of none (typed in an older form) shows none,
      // the system's note saying what it was.
      const given = String(value ?? field.default)
      const chosen = field.options.find((o) => o.value.toLowerCase() === given.toLowerCase())
      const note = notes[path]
      return (
        <div class="field">
          <label for={id}>{field.label}</label>
          <select
            id={id}
            aria-describedby={`${id}-help`}
            value={chosen?.value ?? given}
            onChange={(e) => onChange(e.currentTarget.value)}
          >
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <span id={`${id}-help`} class={note?.error ? 'error' : 'muted small'}>
            {note?.text ?? field.help}
          </span>
        </div>
      )
    }
    case 'list': {
      const items = Array.isArray(value) ? (value as Values[]) : []
      return (
        <fieldset class="list-field">
          <legend>{field.label}</legend>
          {items.map((item, index) => (
            <div key={index} class="list-item">
              {field.of.map((sub) => (
                <Field
                  key={sub.key}
                  field={sub}
                  path={`${path}.${index}.${sub.key}`}
                  notes={notes}
                  value={item[sub.key]}
                  onChange={(v) =>
                    onChange(items.map((it, i) => (i === index ? { ...it, [sub.key]: v } : it)))
                  }
                />
              ))}
              <button
                type="button"
                class="ghost danger"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" onClick={() => onChange([...items, defaultsOf(field.of)])}>
            Add to {field.label.toLowerCase()}
          </button>
        </fieldset>
      )
    }
    default:
      return null
  }
}
