import { z } from 'zod';
import { line } from './fields.ts';

/**
 * A lookup's names per language (decision 034): each of the five languages may be given; an empty
 * text clears that language's name (it falls back to English, then the stored name). Other keys are
 * refused.
 */
export const LocalNamesInput = z.strictObject({
  en: line(100).optional(),
  no: line(100).optional(),
  sv: line(100).optional(),
  'zh-CN': line(100).optional(),
  'zh-HK': line(100).optional(),
});

/** The names a row has per language, as stored. */
export const LocalNamesOutput = z.object({
  en: z.string().optional(),
  no: z.string().optional(),
  sv: z.string().optional(),
  'zh-CN': z.string().optional(),
  'zh-HK': z.string().optional(),
});
