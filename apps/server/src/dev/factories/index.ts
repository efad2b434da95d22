/**
 * Test data factories: each call inserts one realistic row with unique values and returns it.
 * Pass a Fake from createFake(seed) for repeatable values (the demo seed does); tests use the default.
 */

export * from '../../seed/reference-data.ts';
export * from './agreements.ts';
export * from './appointments.ts';
export * from './catalogue.ts';
export * from './checklists.ts';
export * from './customers.ts';
export * from './documents.ts';
export * from './fake.ts';
export * from './jobs.ts';
export * from './leads.ts';
export * from './machines.ts';
export * from './nordic.ts';
export * from './organisation.ts';
export * from './parts.ts';
export * from './status-links.ts';
