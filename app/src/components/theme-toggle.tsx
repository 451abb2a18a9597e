/** Switches between the dark theme (the default, for a dim room) and the light one; remembered on the device. */
import { chooseTheme, theme } from '../theme.ts'

export function ThemeToggle() {
  const light = theme.value === 'light'
  return (
    <button
      type="button"
      class="ghost theme-toggle"
      aria-pressed={light}
      onClick={() => chooseTheme(light ? 'dark' : 'light')}
    >
      <span aria-hidden="true">{light ? '☀' : '☾'}</span>
      <span class="sr-only">Light theme</span>
    </button>
  )
}
