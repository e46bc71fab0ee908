export * from './autoplay';
export * from './best-place';
export * from './fair';
export * from './hints';
export * from './jobs';
export * from './solver';
export * from './winnable';
export * from './where-lost';
