/** Dark or light: dark by default, light when the user picks it or, until they pick, when the system asks. */
import { signal } from '@preact/signals'

export type Theme = 'dark' | 'light'

/** Where the user's pick is kept (index.html's first-paint script reads it too). */
export const THEME_KEY = 'fray:theme'

/** The user's own pick, if any. */
function chosen(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

const systemLight = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches

export function resolveTheme(pick: Theme | null, prefersLight: boolean): Theme {
  return pick ?? (prefersLight ? 'light' : 'dark')
}

/** The theme in use, for the toggle's label. */
export const theme = signal<Theme>('dark')

/** The browser's own chrome (address bar, status bar) in each theme: the page's background. */
export const CHROME_COLORS: Record<Theme, string> = { light: '#f3f4f7', dark: '#14161c' }

function apply(next: Theme): void {
  theme.value = next
  document.documentElement.dataset.theme = next
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', CHROME_COLORS[next])
}

/** Applies the theme before the first render, and follows the system until the user picks one. */
export function startTheme(): void {
  apply(resolveTheme(chosen(), systemLight()))
  if (typeof matchMedia !== 'function') return
  matchMedia('(prefers-color-scheme: light)').addEventListener('change', (e) => {
    if (!chosen()) apply(resolveTheme(null, e.matches))
  })
}

export function chooseTheme(next: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, next)
  } catch {
    // Not remembered (storage disabled): it still applies to this visit.
  }
  apply(next)
}
