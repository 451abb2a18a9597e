import { describe, expect, it } from 'vitest'
import { type Import, importCycles, importGraph, protocolRuleImports, upwardImports } from './graph.ts'

const edges = importGraph()
const isTest = (e: Import) => /\.test\.tsx?$/.test(e.from)

describe('the import graph', () => {
  it('is read whole: imports, re-exports, dynamic imports and workspace packages, types marked', () => {
    const has = (from: string, to: string) => edges.find((e) => e.from === from && e.to === to)
    expect(has('worker/src/room/imports.ts', 'packages/protocol/src/encounter-docs.ts')).toBeDefined()
    expect(has('packages/rules/src/index.ts', 'packages/rules/src/engine/sheet.ts')?.typeOnly).toBe(false)
    expect(has('app/src/app.tsx', 'app/src/views/home.tsx')).toBeDefined()
    expect(has('packages/protocol/src/turn-state.ts', 'packages/rules/src/index.ts')?.typeOnly).toBe(true)
  })

  it('finds a loop of imports however long, and a file that imports itself', () => {
    const edge = (from: string, to: string): Import => ({ from, to, typeOnly: false })
    const loop = [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd'), edge('e', 'e')]
    expect(importCycles(loop)).toEqual([['a', 'b', 'c'], ['e']])
    expect(importCycles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([])
  })
})

describe('how the project is layered', () => {
  it('has no import cycle in packages/, worker/ or app/, type imports included', () => {
    expect(importCycles(edges)).toEqual([])
  })

  it('has the engine (dice/, engine/) import no system: each keeps its round behind the generic turn', () => {
    // The engine's own tests may run it against every registered system.
    const up = upwardImports(edges).filter((e) => !isTest(e))
    expect(up.map((e) => `${e.from} -> ${e.to}`)).toEqual([])
  })

  it('has the protocol import nothing of the rules at run time, types only', () => {
    expect(protocolRuleImports(edges)).toEqual([])
  })
})
