import { withoutFormattingCharacters } from '@fieldport/contract';
import { fileTypeFromBuffer } from 'file-type';

/** What the content of an accepted document is, and how it is served. */
export interface DocumentContent {
  contentType: string;
  /** The extension stored files of this type get. */
  ext: string;
  /** Extensions a file name of this type may already end with. */
  names: readonly string[];
}

const kind = (contentType: string, ext: string, names: string[] = [ext]): DocumentContent => ({
  contentType,
  ext,
  names,
});

/**
 * The binary document types accepted, by the type file-type finds in the content (never the name).
 * Macro-enabled Office files, legacy binary Office files (indistinguishable from installers by content)
 * and everything else are refused.
 */
const BINARY: Record<string, DocumentContent> = {
  'application/pdf': kind('application/pdf', 'pdf'),
  'image/png': kind('image/png', 'png'),
  'image/jpeg': kind('image/jpeg', 'jpg', ['jpg', 'jpeg']),
  'image/webp': kind('image/webp', 'webp'),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': kind(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'docx',
  ),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': kind(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'xlsx',
  ),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': kind(
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'pptx',
  ),
  'application/vnd.oasis.opendocument.text': kind('application/vnd.oasis.opendocument.text', 'odt'),
  'application/vnd.oasis.opendocument.spreadsheet': kind(
    'application/vnd.oasis.opendocument.spreadsheet',
    'ods',
  ),
  'application/vnd.oasis.opendocument.presentation': kind(
    'application/vnd.oasis.opendocument.presentation',
    'odp',
  ),
};

/** Text has no signature: it is accepted when the name says text and every byte is printable UTF-8. */
const TEXT: Record<string, DocumentContent> = {
  txt: kind('text/plain; charset=utf-8', 'txt'),
  csv: kind('text/csv; charset=utf-8', 'csv'),
};

/** Control characters no text document has (tab, line feed, form feed and carriage return are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const BINARY_BYTES = /[\u0000-\u0008\u000E-\u001F\u007F]/;

function isText(data: Buffer): boolean {
  try {
    return !BINARY_BYTES.test(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return false;
  }
}

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The accepted document type of `data`, or null when it is none of them (or empty). */
export async function documentContentOf(data: Buffer, fileName: string): Promise<DocumentContent | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  if (found) return BINARY[found.mime] ?? null;
  const text = TEXT[extensionOf(fileName)];
  return text && isText(data) ? text : null;
}

/**
 * The name of an uploaded file without folders, control and bidirectional formatting characters or
 * quotes, at most 200 characters.
 */
const baseNameOf = (original: string): string =>
  withoutFormattingCharacters(original.split(/[\\/]/).pop() ?? '')
    .replace(/"/g, '')
    .trim()
    .slice(0, 200) || 'document';

/**
 * A file name fit to store and send back, ending with an extension of its content (a PDF sent as
 * "report.txt" becomes "report.txt.pdf").
 */
export function cleanFileName(original: string, content: DocumentContent): string {
  const base = baseNameOf(original);
  return content.names.includes(extensionOf(base)) ? base : `${base}.${content.ext}`;
}

/** The name a document is shown by at first: the uploaded file's name without its extension. */
export function displayNameOf(original: string): string {
  const base = baseNameOf(original);
  return base.replace(/\.[A-Za-z0-9]{1,10}$/, '').trim() || base;
}
