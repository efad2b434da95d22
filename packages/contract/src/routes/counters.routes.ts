import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { listOf, SuccessMessage } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Counter,
  CounterChangeInput,
  CounterCreateInput,
  CounterDeleteQuery,
  CounterFilter,
  CounterHistoryQuery,
  CounterReading,
  CounterReadingInput,
} from '../schemas/counters.ts';
import { RecordIdParams } from '../schemas/fields.ts';

/**
 * Counters (002 §7.5; issue 15): meter readings per machine. Everyone reads the counters of the machines
 * they may see (another company's is a 404); the staff add counters and readings.
 */
const readers = users(ALL_USER_TYPES);
const editors = users(STAFF, { permission: 'Machine.Edit' });

export const counterRoutes = {
  counterFiltered: defineRoute({
    method: 'GET',
    path: sp('Counter/Filtered'),
    summary: 'A page of counters with their last reading, by machine, customer or type.',
    access: readers,
    query: CounterFilter,
    response: json(listOf(Counter)),
  }),
  counterOfMachine: defineRoute({
    method: 'GET',
    path: sp('Counter/Machine/:id'),
    summary: 'The counters of a machine with their last reading.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(Counter)),
  }),
  counterHistory: defineRoute({
    method: 'GET',
    path: sp('Counter/Machine/:id/History'),
    summary: 'The readings of a machine’s counters (or of one, CounterId), newest first.',
    access: readers,
    params: RecordIdParams,
    query: CounterHistoryQuery,
    response: json(listOf(CounterReading)),
  }),
  counterGet: defineRoute({
    method: 'GET',
    path: sp('Counter/:id'),
    summary: 'One counter with its last reading.',
    access: readers,
    params: RecordIdParams,
    response: json(Counter),
  }),
  counterCreate: defineRoute({
    method: 'POST',
    path: sp('Counter'),
    summary: 'Add a counter to a machine, with its first reading when a value is given.',
    access: editors,
    body: CounterCreateInput,
    response: json(Counter),
  }),
  counterChange: defineRoute({
    method: 'PATCH',
    path: sp('Counter'),
    summary: 'Change a counter’s name, type or active state.',
    access: editors,
    body: CounterChangeInput,
    response: json(Counter),
  }),
  counterReadingAdd: defineRoute({
    method: 'PUT',
    path: sp('Counter/Machine'),
    summary:
      'Put a reading: not in the future, and not lower than the reading before it unless marked as a meter change.',
    access: editors,
    body: CounterReadingInput,
    response: json(Counter),
  }),
  counterDelete: defineRoute({
    method: 'DELETE',
    path: sp('Counter/Machine'),
    summary: 'Delete a machine’s counter with its readings, or one reading (readingId).',
    access: editors,
    query: CounterDeleteQuery,
    response: json(SuccessMessage),
  }),
} as const;
