/** Pure text formats: card and move notation, game records, the JSON position document. */
export * from './action';
export * from './card';
export * from './deal-name';
export * from './json';
export * from './number';
export * from './paint';
export * from './printable';
export * from './record';
export * from './rules-text';
export * from './save';
export * from './seed';
export * from './settings';
export * from './shell';
export * from './width';
export * from './when';
