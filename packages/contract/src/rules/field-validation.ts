/**
 * Shared field rules of 001 §5. Each returns a message key of the 'validation' namespace
 * (with its interpolation values) or null when the value is fine.
 */
export type FieldProblem = { key: string; values?: Record<string, string | number> } | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string): boolean => EMAIL.test(v.trim());
export const isPhone = (v: string): boolean => /^[0-9 +#-]*$/.test(v);
export const isWholeNumber = (v: string): boolean => /^-?\d+$/.test(v.trim());
export const isDecimal = (v: string): boolean => /^[-]?[\d .,]+$/.test(v.trim()) && /\d/.test(v);
export const isValidId = (v: string): boolean => /^\d+$/.test(v);

/** Decimal parsing accepts a comma and spaces. */
export function parseDecimal(v: string): number | null {
  if (!isDecimal(v)) return null;
  const n = Number(v.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

export const required = (v: string | null | undefined): FieldProblem =>
  (v ?? '').trim() === '' ? { key: 'required_field' } : null;
export const validMail = (v: string): FieldProblem =>
  v.trim() === '' || isEmail(v) ? null : { key: 'valid_mail' };
export const requiredValidMail = (v: string): FieldProblem =>
  v.trim() === '' ? { key: 'reqired_mail' } : isEmail(v) ? null : { key: 'valid_mail' };
export const validPhone = (v: string): FieldProblem => (isPhone(v) ? null : { key: 'valid_tlf' });
export const requiredValidPhone = (v: string): FieldProblem =>
  v.trim() === '' ? { key: 'reqired_valid_tlf' } : isPhone(v) ? null : { key: 'valid_tlf' };
export const maxChars = (v: string, n: number): FieldProblem =>
  v.length > n ? { key: 'carlimit', values: { n } } : null;
export const noNewLines = (v: string): FieldProblem => (/[\r\n]/.test(v) ? { key: 'no_new_lines' } : null);
export const wholeNumber = (v: string): FieldProblem =>
  v.trim() === '' || isWholeNumber(v) ? null : { key: 'whole_number' };
export const decimalNumber = (v: string): FieldProblem =>
  v.trim() === '' || isDecimal(v) ? null : { key: 'decimal_number' };

/**
 * A NUL character (PostgreSQL refuses it in text) or a lone UTF-16 surrogate (no character at all:
 * jsonb refuses it, and text would keep a replacement character instead).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Control characters (C0, DEL, C1) and the bidirectional formatting ones (the marks U+200E, U+200F and
 * U+061C, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069), which can make
 * "invoice\u202Efdp.exe" read as "invoiceexe.pdf" in a list (issue 29).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const FORMATTING = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A name (of a file, of a document) without control and bidirectional formatting characters. */
export const withoutFormattingCharacters = (name: string): string => name.replace(FORMATTING, '');

/** Whether a text can be stored as it is. */
export const isStorableText = (v: string): boolean => !UNSTORABLE.test(v);

/**
 * The paths (dotted, array items by index) of every text in a request part that cannot be stored,
 * keys included; at most `limit`. Empty when all is well.
 */
export function unstorableTextPaths(value: unknown, limit = 10): string[] {
  const found: string[] = [];
  const visit = (v: unknown, path: string, depth: number) => {
    if (found.length >= limit) return;
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.push(path);
    } else if (v && typeof v === 'object' && depth < 32 && !ArrayBuffer.isView(v)) {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (!isStorableText(k)) found.push(at);
        else visit(item, at, depth + 1);
      }
    }
  };
  visit(value, '', 0);
  return found;
}
