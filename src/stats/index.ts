/** Statistics of finished and abandoned games: the result type, summaries and the table. Pure. */
export * from './result';
export * from './stats';
export * from './table';
