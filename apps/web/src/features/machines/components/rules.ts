import { type FieldProblem, maxChars, noNewLines, required } from '@fieldport/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A field rule of 001 §5: a problem (a 'validation' message key) or null. */
export type Rule = (value: string) => FieldProblem;

/** The first problem of a value under its rules. */
function firstProblem(value: string, rules: readonly Rule[]): FieldProblem {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem) return problem;
  }
  return null;
}

/** A single-line text of at most n characters, required or not. */
export const textRules = (n: number, isRequired = false): Rule[] => [
  ...(isRequired ? [required] : []),
  (v) => maxChars(v.trim(), n),
  noNewLines,
];

/** Turns rules into a check that gives the translated message of a value's first problem, or null. */
export function useRuleMessage(): (rules: readonly Rule[]) => (value: string) => string | null {
  const { t } = useTranslation('validation');
  return useCallback(
    (rules) => (value) => {
      const problem = firstProblem(value ?? '', rules);
      return problem ? t(problem.key, problem.values ?? {}) : null;
    },
    [t],
  );
}
