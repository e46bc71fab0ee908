export * from './solver';
