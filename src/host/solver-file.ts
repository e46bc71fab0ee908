/**
 * Where the solver's thread code is (docs/solver.md, "The solver in the game"): `solver-worker.js`
 * beside the bundle (`dist/`), or one folder up from the compiled module (`dist/host/`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { SolverPair } from './solver-thread';

export function solverWorkerFile(dir: string = __dirname): string {
  const beside = path.join(dir, 'solver-worker.js');
  const above = path.join(dir, '..', 'solver-worker.js');
  return fs.existsSync(beside) || !fs.existsSync(above) ? beside : above;
}

/** The solver on both cores, started on first use. */
export function solverPair(): SolverPair {
  return new SolverPair(solverWorkerFile());
}
