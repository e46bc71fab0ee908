export * from './solver';
export * from './autoplay';
