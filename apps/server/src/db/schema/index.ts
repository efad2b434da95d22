export * from './change-logs.ts';
export * from './codes.ts';
export * from './customers.ts';
export * from './documents.ts';
export * from './jobs.ts';
export * from './machines.ts';
export * from './organisation.ts';
export * from './security.ts';
