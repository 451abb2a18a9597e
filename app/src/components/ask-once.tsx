/**
 * A tap that changes the table for everyone, asked once: the first tap says what will happen, then the
 * choices (the first the one tapped for) or Cancel. Undo in the log takes any of them back.
 */
import { useSignal } from '@preact/signals'
import type { ComponentChildren } from 'preact'

export interface AskOnceChoice {
  label: string
  onChoose(): void
}

export function AskOnce({
  label,
  buttonClass = 'ghost',
  disabled = false,
  title,
  children,
  choices,
}: {
  /** The first tap's button ("Remove", "End combat"). */
  label: string
  buttonClass?: string
  disabled?: boolean
  /** What the question is about, for the fieldset's legend ("Take Goblin 1 off the table"). */
  title: string
  /** What will happen, in a sentence or two. */
  children: ComponentChildren
  choices: AskOnceChoice[]
}) {
  const asking = useSignal(false)
  if (!asking.value)
    return (
      <button type="button" class={buttonClass} disabled={disabled} onClick={() => (asking.value = true)}>
        {label}
      </button>
    )
  return (
    <fieldset class="confirm bare">
      <legend>{title}</legend>
      <p>{children}</p>
      <div class="row gap wrap">
        {choices.map((choice, i) => (
          <button
            key={choice.label}
            type="button"
            class={i === 0 ? 'primary' : 'ghost'}
            onClick={() => {
              asking.value = false
              choice.onChoose()
            }}
          >
            {choice.label}
          </button>
        ))}
        <button type="button" class="ghost" onClick={() => (asking.value = false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
