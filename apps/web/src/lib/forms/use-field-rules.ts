import {
  decimalNumber,
  type FieldProblem,
  isValidId,
  maxChars,
  noNewLines,
  required,
  requiredValidMail,
  requiredValidPhone,
  validMail,
  validPhone,
} from '@fieldport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A field rule: the translated message, or null when the value is fine. */
export type Rule = (value: string) => string | null;

const first = (...problems: FieldProblem[]) => problems.find((p) => p !== null) ?? null;

/** The shared field rules of 001 §5 with their messages from the 'validation' namespace. */
export function useFieldRules() {
  const { t } = useTranslation('validation');
  return useMemo(() => {
    const say = (p: FieldProblem) => (p ? t(p.key, p.values ?? {}) : null);
    return {
      /** A single line of at most `max` characters; required when asked. */
      text:
        (max: number, opts: { required?: boolean } = {}): Rule =>
        (v) =>
          say(first(opts.required ? required(v) : null, maxChars(v.trim(), max), noNewLines(v))),
      email:
        (opts: { required?: boolean } = {}): Rule =>
        (v) =>
          say(first(opts.required ? requiredValidMail(v) : validMail(v), maxChars(v.trim(), 200))),
      phone:
        (opts: { required?: boolean } = {}): Rule =>
        (v) =>
          say(first(opts.required ? requiredValidPhone(v) : validPhone(v), maxChars(v.trim(), 40))),
      decimal: (): Rule => (v) => say(decimalNumber(v)),
      /** A record id: digits only (001 §5). */
      id:
        (opts: { required?: boolean } = {}): Rule =>
        (v) =>
          say(
            first(
              opts.required ? required(v) : null,
              v.trim() === '' || isValidId(v.trim()) ? null : { key: 'whole_number' },
            ),
          ),
    };
  }, [t]);
}
