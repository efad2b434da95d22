import { api, type RouteDef, type RouteName } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { baseInputOf, numberFields, withValueAt } from '../fuzz/zod-arbitrary.ts';

/**
 * Every number a route takes reaches a column; most are PostgreSQL integers (ids, RowVersion, types),
 * which cannot hold 2^31 or −2^31 − 1: the contract must refuse those (a 400 naming the field), or the
 * database does (a 500, issue 29). The fields whose column holds more are listed here with it; a new
 * number field accepting them fails this test until its range is bounded or its column named.
 */
const WIDER_COLUMNS: Record<string, string> = {
  'checklistFieldChange body.Value': 'checklist_fields.number_value double precision',
  'checklistTemplateSave body.Sections.0.Fields.0.Max': 'checklist_fields.max double precision',
  'checklistTemplateSave body.Sections.0.Fields.0.Min': 'checklist_fields.min double precision',
  'contractChange body.Price': 'contracts.price numeric(14,2)',
  'contractCreate body.Price': 'contracts.price numeric(14,2)',
  'counterCreate body.Value': 'counter_readings.value numeric(14,1)',
  'counterReadingAdd body.Value': 'counter_readings.value numeric(14,1)',
  'customerChange body.CreditLimit': 'customers.credit_limit numeric(14,2)',
  'customerCreate body.CreditLimit': 'customers.credit_limit numeric(14,2)',
  'serviceAgreementChange body.CounterInterval': 'service_agreements.counter_interval numeric(14,1)',
  'serviceAgreementCreate body.CounterInterval': 'service_agreements.counter_interval numeric(14,1)',
  'taskRestart params.taskId': 'tasks.id bigserial',
};

/** Whether `schema` takes `value` at `path`: no issue of its parse names that path. */
function takes(schema: z.ZodType, base: unknown, path: (string | number)[], value: number, text: boolean) {
  const result = schema.safeParse(withValueAt(base, path, text ? String(value) : value));
  if (result.success) return true;
  const at = path.join('.');
  return !result.error.issues.some((i) => i.path.join('.').startsWith(at));
}

describe('number fields and the columns behind them', () => {
  const fields = (Object.keys(api) as RouteName[]).flatMap((name) => {
    const def = api[name] as RouteDef;
    return (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = def[part];
      if (!schema) return [];
      const base = baseInputOf(schema, 1);
      // Paths, queries and form fields arrive as text.
      const text = part !== 'body' || def.bodyKind === 'form';
      return numberFields(schema).map((path) => ({
        field: `${name} ${part}.${path.join('.')}`,
        takes: (v: number) => takes(schema, base, path, v, text),
      }));
    });
  });

  it('finds the number fields of the routes', () => {
    expect(fields.length).toBeGreaterThan(500);
  });

  it('each refuses 2^31 and −2^31 − 1 unless its column holds more', () => {
    const beyondInteger = fields
      .filter((f) => f.takes(2 ** 31) || f.takes(-(2 ** 31) - 1))
      .map((f) => f.field)
      .sort();
    expect(beyondInteger).toEqual(Object.keys(WIDER_COLUMNS).sort());
  });

  it('none takes 2^63 but those kept as double precision', () => {
    const doubles = Object.keys(WIDER_COLUMNS).filter((k) => WIDER_COLUMNS[k]!.includes('double'));
    expect(
      fields
        .filter((f) => f.takes(2 ** 63))
        .map((f) => f.field)
        .sort(),
    ).toEqual(doubles.sort());
  });
});
