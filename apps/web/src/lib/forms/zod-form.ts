import { fieldMessage, isKnownFieldMessage } from '@fieldport/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type RegisterOptions,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client.ts';

/**
 * The one way to build a form (decision 020): react-hook-form checked by a zod schema, the contract's
 * own where one fits. A field's problem shows once it was left or the form submitted.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as never,
    mode: 'onTouched',
  });
}

/**
 * A schema's message in the user's language: one of the contract's field messages (written in
 * English, `fieldMessage`), else a key of the web's `validation` texts (a check the contract has no
 * message for, such as a password confirmation that does not match).
 */
export function useFormMessage(): (message: string) => string {
  const { t, i18n } = useTranslation();
  return (message) =>
    isKnownFieldMessage(message)
      ? fieldMessage(message, i18n.language)
      : t(message, { ns: 'validation', defaultValue: message });
}

/**
 * The translated problem of a field of the form, if it has one (for a field array, the problem of the
 * whole list, such as too few items).
 */
export function useFieldProblem<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const text = useFormMessage();
  return (name: Path<T>): string | undefined => {
    const found = get(form.formState.errors, name) as
      | { message?: string; root?: { message?: string } }
      | undefined;
    const message = found?.message ?? found?.root?.message;
    return message ? text(message) : undefined;
  };
}

/**
 * Binds a MUI TextField (or the sign-in page's `AuthField`) to a field of the form: its value, and the
 * field's problem under it, in the user's language. The value is passed (watched) as well as
 * registered, so a value the form sets itself (setValue, reset: a looked-up article's price) raises
 * the label as a typed one does, instead of the label being drawn over it (issue 35).
 */
export function useTextField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const problem = useFieldProblem(form);
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => {
    const { ref, ...rest } = form.register(name, options);
    const message = problem(name);
    const value: unknown = form.watch(name);
    return { ...rest, value: value ?? '', inputRef: ref, error: !!message, helperText: message };
  };
}

/** A refusal's field errors ({ Field, Message }, by wire name) put under the form's fields. */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  err: unknown,
  fieldOf: (wireName: string) => Path<T> | null,
): void {
  if (!(err instanceof ApiError)) return;
  for (const fe of err.body?.Errors ?? []) {
    const name = fieldOf(fe.Field);
    if (name) form.setError(name, { type: 'server', message: fe.Message });
  }
}

/**
 * Binds a date or time field (components/date-fields) to a field of the form: its value in the wire's
 * form ('YYYY-MM-DD', 'HH:mm'; '' while not typed in full), the changes, and the field's problem under it.
 */
export function useDateField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const problem = useFieldProblem(form);
  return (name: Path<T>) => {
    const message = problem(name);
    const value: unknown = form.watch(name);
    return {
      name,
      value: typeof value === 'string' ? value : '',
      onChange: (next: string) =>
        form.setValue(name, next as PathValue<T, Path<T>>, {
          shouldDirty: true,
          shouldTouch: true,
          shouldValidate: form.formState.isSubmitted || !!message,
        }),
      error: !!message,
      helperText: message,
    };
  };
}
