import Description from '@mui/icons-material/Description';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Slideshow from '@mui/icons-material/Slideshow';
import TableChart from '@mui/icons-material/TableChart';
import type { TFunction } from 'i18next';

/** '830 B', '14.2 KB', '3.1 MB' in the reader's number format. */
export function formatSize(bytes: number, t: TFunction<'documents'>, lang: string): string {
  const number = (v: number) => v.toLocaleString(lang, { maximumFractionDigits: 1 });
  if (bytes < 1024) return t('sizes.b', { value: number(bytes) });
  if (bytes < 1024 * 1024) return t('sizes.kb', { value: number(bytes / 1024) });
  return t('sizes.mb', { value: number(bytes / 1024 / 1024) });
}

/** An icon for the kind of file a content type is. */
export function fileIcon(contentType: string) {
  if (contentType === 'application/pdf') return PictureAsPdf;
  if (contentType.startsWith('image/')) return Image;
  if (/spreadsheet|sheet|csv/.test(contentType)) return TableChart;
  if (/presentation/.test(contentType)) return Slideshow;
  if (/wordprocessing|opendocument\.text|text\/plain/.test(contentType)) return Description;
  return InsertDriveFile;
}

/** Files the browser can show from a Blob under the app's content policy: images and plain text. */
export const previewKind = (contentType: string): 'image' | 'text' | null =>
  contentType.startsWith('image/') ? 'image' : contentType.startsWith('text/plain') ? 'text' : null;
