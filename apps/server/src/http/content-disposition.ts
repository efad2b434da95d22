import { withoutFormattingCharacters } from '@fieldport/contract';

/**
 * A file name fit to send: its last path segment, without control characters, bidirectional controls,
 * quotes or backslashes, without leading dots (no hidden files), at most 200 characters; `fallback`
 * when nothing is left.
 */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = withoutFormattingCharacters(name.split(/[\\/]/).pop() ?? '').replace(/["'\\]/g, '');
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
