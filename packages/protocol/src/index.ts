/** The schema the worker and the app both speak: documents, requests and their parsers, API bodies. */

export * from './api.ts'
export * from './documents.ts'
export * from './requests.ts'
export * from './systems.ts'
export * from './turn-state.ts'
