/** Starting a TypeScript module in a worker thread (tsx's loader is registered inside it first). */
import { Worker } from 'node:worker_threads'

/** Where the bench modules find their job; `role` tells a module it was started as a worker. */
export interface WorkerData<T> {
  role: string
  file: string
  data: T
}

const BOOT = `import('tsx/esm/api').then((tsx) => {
  tsx.register()
  return import(require('node:worker_threads').workerData.file)
})`

export function startTsWorker<T>(file: URL, role: string, data: T): Worker {
  return new Worker(BOOT, {
    eval: true,
    workerData: { role, file: file.href, data } satisfies WorkerData<T>,
  })
}

/** The next message from `worker` of the given type; rejects when the worker fails or exits first. */
export function nextMessage<M extends { type: string }>(worker: Worker, type: M['type']): Promise<M> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return
      cleanup()
      resolve(message)
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onExit = (code: number) => {
      cleanup()
      reject(new Error(`worker exited with ${code} before sending "${type}"`))
    }
    const cleanup = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
  })
}
