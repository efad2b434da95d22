/** New-password rules of 001 §5, in checklist order; the key names the translated label. */
export const PASSWORD_RULES = [
  { key: 'minLength', test: (p: string) => p.length >= 6 },
  { key: 'capital', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export function failedPasswordRules(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.key);
}

export const isStrongPassword = (password: string): boolean => failedPasswordRules(password).length === 0;

export const OTP_LENGTH = 6;
export const isOtp = (code: string): boolean => /^\d{6}$/.test(code);
