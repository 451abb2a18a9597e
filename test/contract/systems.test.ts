/**
 * The contract suite (contract.ts) against every rule system: the five of the registry
 * (`packages/rules/src/systems/index.ts`), and the toy sixth of docs/adding-a-system.md.
 */
import { type RuleSystem, SYSTEM_IDS, SYSTEMS } from '@fray/rules'
import { contractSuite } from './contract.ts'
import { toySystem } from './toy/toy.ts'

/** Every system the contract holds: each of the registry, and a system of the tests' own by its line. */
const CONTRACT_SYSTEMS: RuleSystem[] = [
  ...SYSTEM_IDS.map((id) => SYSTEMS[id]),
  // The toy sixth system (test/contract/toy): the one line that registers it.
  toySystem as RuleSystem,
]

for (const system of CONTRACT_SYSTEMS) contractSuite(system)
