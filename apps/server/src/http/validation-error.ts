import { serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

export type FieldError = { Field: string; Message: string };

/** 400 'Some fields are not valid.' with each field's message (spec README, Errors). */
export function validationFailed(lang: string | undefined, Errors: FieldError[]) {
  const message = `${serverMessage('validation_failed', lang)} ${Errors.map((e) => `${e.Field}: ${e.Message}`).join('; ')}`;
  return new AppError(400, null, { message, fieldErrors: Errors });
}

/** A schema's issues as field errors, each path under `prefix`. */
export const fieldErrorsOf = (error: z.ZodError, prefix: string): FieldError[] =>
  error.issues.map((i) => ({
    Field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || prefix,
    Message: i.message,
  }));
