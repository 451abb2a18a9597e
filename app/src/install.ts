/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from the first load for
 * the quiet hint a phone shows after its first fight (components/install-hint.tsx) instead of the
 * browser's own bar at a moment nobody chose.
 */
export interface InstallPrompt extends Event {
  prompt(): Promise<unknown>
}

export let installPrompt: InstallPrompt | null = null

export function keepInstallPrompt(target: EventTarget = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as InstallPrompt
  })
  target.addEventListener('appinstalled', () => {
    installPrompt = null
  })
}

/** Taken once: the browser's offer is good for one prompt. */
export function takeInstallPrompt(): InstallPrompt | null {
  const taken = installPrompt
  installPrompt = null
  return taken
}
