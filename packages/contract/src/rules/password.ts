/** The documents' minimum password length (001 §5); the Admin may raise it (GlobalSettings.PasswordMinLength). */
export const PASSWORD_MIN_LENGTH = 6;
/** The highest minimum length the Admin may set. */
export const PASSWORD_MIN_LENGTH_MAX = 64;

/** New-password rules of 001 §5, in checklist order, with a minimum length; the key names the translated label. */
export const passwordRules = (minLength: number = PASSWORD_MIN_LENGTH) =>
  [
    { key: 'minLength', test: (p: string) => p.length >= minLength },
    { key: 'capital', test: (p: string) => /[A-Z]/.test(p) },
    { key: 'digit', test: (p: string) => /\d/.test(p) },
    { key: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
  ] as const;

export type PasswordRuleKey = ReturnType<typeof passwordRules>[number]['key'];

export function failedPasswordRules(
  password: string,
  minLength: number = PASSWORD_MIN_LENGTH,
): PasswordRuleKey[] {
  return passwordRules(minLength)
    .filter((r) => !r.test(password))
    .map((r) => r.key);
}

export const isStrongPassword = (password: string, minLength: number = PASSWORD_MIN_LENGTH): boolean =>
  failedPasswordRules(password, minLength).length === 0;

/**
 * The forms of a password compared with the list of common breached passwords (the list is the server's,
 * lower-cased): the password lower-cased, and lower-cased without the special characters at its start and
 * end. A capital, or a '!' put before or after a listed password to meet the rules, makes it no harder to
 * guess (guessing tools try exactly that first), so 'Password1!' counts as the listed 'password1'.
 */
export function commonPasswordForms(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return core && core !== lower ? [lower, core] : [lower];
}

export const OTP_LENGTH = 6;
export const isOtp = (code: string): boolean => /^\d{6}$/.test(code);
