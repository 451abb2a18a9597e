/**
 * Prints the room's CPU per attack in Node for every system, as JSON: what `BENCH_BASE` runs in a build of
 * another commit (attack-cpu-base.ts), with this bench's own driver copied in beside it.
 */
import { SYSTEM_IDS } from '@fray/rules'
import { benchAttackCpu } from './attack-cpu.ts'

console.log(JSON.stringify(SYSTEM_IDS.map((system) => benchAttackCpu(system))))
