import { z } from 'zod';

/** Every error body (spec README, Errors). */
export const FieldError = z.object({ Field: z.string(), Message: z.string() });
export const ErrorBody = z.object({ Message: z.string(), Errors: z.array(FieldError).optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const UNEXPECTED_ERROR = 'Unexpected error. Contact support.';
