export * from './solver';
export * from './autoplay';
export * from './winnable';
export * from './where-lost';
