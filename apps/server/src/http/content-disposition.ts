/**
 * Bidirectional overrides and isolates, which can make "invoice‮fdp.exe" read as "invoiceexe.pdf", and
 * the control characters of C0, DEL and C1.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A file name fit to send: its last path segment, without control characters, bidirectional controls,
 * quotes or backslashes, without leading dots (no hidden files), at most 200 characters; `fallback`
 * when nothing is left.
 */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNSAFE, '').replace(/["'\\]/g, '');
  return (
    base
      .replace(/^[\s.]+/, '')
      .trim()
      .slice(0, 200) || fallback
  );
}

/** RFC 5987 ext-value: UTF-8, percent-encoded except attr-char (encodeURIComponent leaves '()* too). */
const extValue = (name: string) =>
  `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * An RFC 6266 Content-Disposition: an ASCII fallback in `filename` (anything else, and the percent
 * sign some browsers decode, as `_`) and the full name in `filename*`.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7E]|%/g, '_');
  return `${type}; filename="${ascii}"; filename*=${extValue(safe)}`;
}
