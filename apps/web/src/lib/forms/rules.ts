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
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one field rule type of the web app (001 §5): a value's problem, a 'validation' message key with
 * its values from the contract's rules, or null. Rules are pure and compose; `useRuleMessage` turns
 * them into a translated check (`FieldCheck`), which `CommitField`'s `validate` takes.
 */
export type Rule = (value: string) => FieldProblem;

/** A translated check: the message of the value's first problem, or null when it is fine. */
export type FieldCheck = (value: string) => string | null;

/** The first problem of a value under its rules. */
const firstProblem = (value: string, list: readonly Rule[]): FieldProblem => {
  for (const rule of list) {
    const problem = rule(value);
    if (problem) return problem;
  }
  return null;
};
const all =
  (...list: (Rule | null)[]): Rule =>
  (v) =>
    firstProblem(
      v,
      list.filter((r): r is Rule => r !== null),
    );

/** The shared rules of 001 §5. */
export const rules = {
  /** A single line of at most `max` characters; required when asked. */
  text: (max: number, opts: { required?: boolean } = {}): Rule =>
    all(opts.required ? required : null, (v) => maxChars(v.trim(), max), noNewLines),
  email: (opts: { required?: boolean } = {}): Rule =>
    all(opts.required ? requiredValidMail : validMail, (v) => maxChars(v.trim(), 200)),
  phone: (opts: { required?: boolean } = {}): Rule =>
    all(opts.required ? requiredValidPhone : validPhone, (v) => maxChars(v.trim(), 40)),
  decimal: (): Rule => decimalNumber,
  /** A record id: digits only (001 §5). */
  id: (opts: { required?: boolean } = {}): Rule =>
    all(opts.required ? required : null, (v) =>
      v.trim() === '' || isValidId(v.trim()) ? null : { key: 'whole_number' },
    ),
  /** Several rules: the first problem counts. */
  all,
};

/** Turns a rule (or rules) into a check that gives the translated message of a value's first problem. */
export function useRuleMessage(): (rule: Rule | readonly Rule[]) => FieldCheck {
  const { t } = useTranslation('validation');
  return useCallback(
    (rule) => (value) => {
      const problem = typeof rule === 'function' ? rule(value ?? '') : firstProblem(value ?? '', rule);
      return problem ? t(problem.key, problem.values ?? {}) : null;
    },
    [t],
  );
}

/** The shared rules as translated checks, for `CommitField`'s `validate`. */
export function useFieldRules() {
  const check = useRuleMessage();
  return useMemo(
    () => ({
      text: (max: number, opts: { required?: boolean } = {}) => check(rules.text(max, opts)),
      email: (opts: { required?: boolean } = {}) => check(rules.email(opts)),
      phone: (opts: { required?: boolean } = {}) => check(rules.phone(opts)),
      decimal: () => check(rules.decimal()),
      id: (opts: { required?: boolean } = {}) => check(rules.id(opts)),
    }),
    [check],
  );
}
