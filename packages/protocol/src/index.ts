/** The schema the worker and the app both speak: documents, requests and their parsers, API bodies. */

export * from './api.ts'
export * from './documents.ts'
export * from './encounter-file.ts'
export * from './foe-health.ts'
export * from './requests.ts'
// An encounter read out of a room's documents (and Yjs with it) is imported from
// '@fray/protocol/encounter-docs' by the export and the room's import alone.
// The seal's hashing is imported from '@fray/protocol/seal' where it runs, so a phone loads it only then.
export { type SealedResult, sealCommand, sealText } from './seal-text.ts'
export * from './systems.ts'
export * from './turn-state.ts'
