export * from './schema.ts';
export * from './validate.ts';
export * from './share.ts';
export * from './set-path.ts';
