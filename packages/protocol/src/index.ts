/** What the worker and the app both speak: systems, documents, the encounter schema, requests and outcomes. */

export * from './api.ts'
export * from './characters.ts'
export * from './documents.ts'
export * from './requests.ts'
export * from './surprise.ts'
export * from './systems.ts'
export * from './turns.ts'
