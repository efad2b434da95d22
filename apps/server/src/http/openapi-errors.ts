import { ErrorBody } from '@fieldport/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREATION_CALLS, IDEMPOTENCY_DOC } from './idempotency.ts';

/** The error body every refusal has (spec README, Errors), as JSON Schema for the document. */
const errorSchema = z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' });

/** The refusals every call may answer, and when (the shared error handling of 002 §8). */
const ERRORS: Record<number, string> = {
  400: 'Bad input: malformed JSON, a wrong type or a field that breaks a rule. `Errors` names each field and what is wrong, in the caller’s language (Accept-Language); nothing was changed.',
  401: 'No valid access token: renew it once with /api2/token/refresh and repeat the call; a second 401 means signing in again.',
  403: 'The user type, permission, licence or feature this call needs is missing.',
  404: 'No such record, or one of another company (customers and partners see only their own).',
  409: 'A conflict: a value that must be unique is in use, or the record changed since it was read (RowVersion).',
  429: 'Too many attempts: sign-in and recovery are rate-limited per account and address, a position on the way per user.',
  500: '`Unexpected error. Contact support.`: never with internals.',
  503: 'The database is unavailable: try again shortly.',
};

type Transform = typeof jsonSchemaTransform;

/**
 * The OpenAPI document of /api2/docs: the contract's schemas (fastify-type-provider-zod), plus the
 * error responses each call may give, documented but not used to serialise (the error handler
 * writes them).
 */
export const openApiTransform: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  if (!input.url.startsWith('/api2/')) return out;
  const schema = out.schema as { response?: Record<string | number, unknown>; operationId?: string };
  const response = { ...(schema.response ?? {}) };
  for (const [code, description] of Object.entries(ERRORS))
    response[code] ??= { description, content: { 'application/json': { schema: errorSchema } } };
  if (!CREATION_CALLS.has(schema.operationId ?? '')) return { ...out, schema: { ...out.schema, response } };
  response[422] ??= {
    description: 'The Idempotency-Key was used before with other input.',
    content: { 'application/json': { schema: errorSchema } },
  };
  // The creation calls take an Idempotency-Key header (decision 026).
  const headers = {
    type: 'object',
    properties: {
      'Idempotency-Key': { type: 'string', minLength: 1, maxLength: 200, description: IDEMPOTENCY_DOC },
    },
  };
  return { ...out, schema: { ...out.schema, headers, response } };
};
