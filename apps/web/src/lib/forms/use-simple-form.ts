import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldCheck as Rule } from './rules.ts';

/**
 * A small form state for the dialogs: text values, their rules, and errors shown once a field was
 * left or the form was submitted; server field errors (by wire name) can be put on a field.
 */
export function useSimpleForm<K extends string>(initial: Record<K, string>, rules: Partial<Record<K, Rule>>) {
  const [values, setValues] = useState(initial);
  const start = useRef(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});

  const problems = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const key of Object.keys(values) as K[]) {
      const p = rules[key]?.(values[key]) ?? null;
      if (p) out[key] = p;
    }
    return out;
  }, [values, rules]);

  const errorOf = useCallback(
    (key: K): string | undefined =>
      serverErrors[key] ?? (submitted || touched[key] ? problems[key] : undefined),
    [serverErrors, submitted, touched, problems],
  );

  /** Props for a TextField bound to a key. */
  const bind = useCallback(
    (key: K) => ({
      value: values[key],
      onChange: (e: { target: { value: string } }) => {
        const v = e.target.value;
        setValues((prev) => ({ ...prev, [key]: v }));
        setServerErrors((prev) => {
          if (!(key in prev)) return prev;
          const { [key]: _, ...rest } = prev;
          return rest as Partial<Record<K, string>>;
        });
      },
      // Leaving an untouched field says nothing yet; its rule shows once it was changed or on submit.
      onBlur: () => {
        if (values[key] !== start.current[key]) setTouched((prev) => ({ ...prev, [key]: true }));
      },
      error: !!errorOf(key),
      helperText: errorOf(key),
    }),
    [values, errorOf],
  );

  return {
    values,
    setValue: (key: K, v: string) => setValues((prev) => ({ ...prev, [key]: v })),
    bind,
    errorOf,
    /** Marks the form submitted; true when no rule fails. */
    check: () => {
      setSubmitted(true);
      return Object.keys(problems).length === 0;
    },
    hasProblems: Object.keys(problems).length > 0,
    setServerError: (key: K, message: string) => setServerErrors((prev) => ({ ...prev, [key]: message })),
    clearServerErrors: () => setServerErrors({}),
    reset: (next: Record<K, string>) => {
      start.current = next;
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
