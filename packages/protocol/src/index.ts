/** The schema the worker and the app both speak: documents, requests and their parsers, API bodies. */

export * from './api.ts'
export * from './documents.ts'
export * from './foe-health.ts'
export * from './requests.ts'
// The seal's hashing is imported from '@fray/protocol/seal' where it runs, so a phone loads it only then.
export { type SealedResult, sealCommand, sealText } from './seal-text.ts'
export * from './systems.ts'
export * from './turn-state.ts'
