export * from './solver';
export * from './autoplay';
export * from './winnable';
