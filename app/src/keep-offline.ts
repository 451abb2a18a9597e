/**
 * Asks the service worker to keep this screen's chunks and its room's rule system for a visit with no
 * network (`sw.ts`). Resolves once they are kept, or at once where there is no service worker.
 */
export function keepOffline(parts: string[]): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(false)
  return navigator.serviceWorker.ready.then(
    (registration) =>
      new Promise<boolean>((resolve) => {
        const worker = registration.active
        if (!worker) return resolve(false)
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data?.kept === true)
        worker.postMessage({ keep: parts }, [channel.port2])
      }),
  )
}
