import type { DocumentItem } from '@fieldport/contract';
import { callApi } from '../../lib/api/client.ts';

/**
 * Saves a document under its file name. The file needs the bearer token, so it is fetched as a Blob and
 * handed to the browser through an object URL (a plain link would carry no credentials).
 */
export async function downloadDocument(doc: DocumentItem): Promise<void> {
  const blob = await callApi('resourceGet', { query: { relativePath: doc.RelativePath } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.FileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time a minute has passed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
