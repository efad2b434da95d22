import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../src/http/response-serializer.ts';

const schema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Address: z.object({ City: z.string() }).nullable(),
  Tags: z.array(z.string()),
});
const writerOf = (verify: boolean, s: z.ZodType = schema) =>
  responseSerializer({ verify })({ schema: s, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('the answer writer (fast-json-stringify from the zod schema)', () => {
  it('writes the declared fields only, as the zod check did', () => {
    const row = { Id: 7, Name: 'Fjordbygg', Address: null, Tags: ['a'], PasswordHash: 'secret' };
    for (const verify of [false, true]) {
      const written = writerOf(verify)(row);
      expect(JSON.parse(written)).toEqual({ Id: 7, Name: 'Fjordbygg', Address: null, Tags: ['a'] });
      expect(written).not.toContain('secret');
    }
  });

  it('under the tests, refuses an answer the zod schema refuses', () => {
    expect(() => writerOf(true)({ Id: 'seven', Name: 'x', Address: null, Tags: [] })).toThrow();
  });

  it('under the tests, reports an answer the two writers would write differently', () => {
    const trimmed = z.object({ Name: z.string().transform((s) => s.trim()) });
    expect(() => writerOf(true, trimmed)({ Name: ' padded ' })).toThrow(/differs from the zod check/);
  });
});
