/** `npm run bench`: runs every bench in this folder and prints its figures. */
import { runDiceBench } from './dice.bench.ts'

runDiceBench()
