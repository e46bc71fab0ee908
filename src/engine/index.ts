/** The rules engine: pure, no I/O. Usable as a library by the screen, the commands, bots and solvers. */
export * from './actions';
export * from './apply';
export * from './cards';
export * from './deals';
export * from './game';
export * from './hash';
export * from './position';
export * from './progress';
export * from './refusal';
export * from './rules';
export * from './scores';
export * from './status';
