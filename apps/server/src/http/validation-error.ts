import { serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

export type FieldError = { Field: string; Message: string };

/**
 * 400 'Some fields are not valid.' with each field's message (spec README, Errors): each field once,
 * with its first message (a field can break several rules, or a rule of its object names it again).
 */
export function validationFailed(lang: string | undefined, errors: FieldError[]) {
  const byField = new Map<string, FieldError>();
  for (const e of errors) if (!byField.has(e.Field)) byField.set(e.Field, e);
  const Errors = [...byField.values()];
  const message = `${serverMessage('validation_failed', lang)} ${Errors.map((e) => `${e.Field}: ${e.Message}`).join('; ')}`;
  return new AppError(400, null, { message, fieldErrors: Errors });
}

/** A schema's issues as field errors, each path under `prefix`. */
export const fieldErrorsOf = (error: z.ZodError, prefix: string): FieldError[] =>
  error.issues.map((i) => ({
    Field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || prefix,
    Message: i.message,
  }));
