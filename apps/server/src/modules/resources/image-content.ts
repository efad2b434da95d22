import { IMAGE_MAX_PIXELS } from '@fieldport/contract';

/** Why an image is refused after its type was found by content. */
export type ImageRefusal = 'unreadable' | 'too_many_pixels';

export class ImageRefused extends Error {
  readonly reason: ImageRefusal;
  constructor(reason: ImageRefusal) {
    super(`image ${reason}`);
    this.reason = reason;
  }
}

const FORMATS = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
export type ReencodedType = keyof typeof FORMATS;

let loaded: Promise<typeof import('sharp').default> | undefined;
/** sharp (libvips) loads on the first image, not at boot; its cache would only hold memory here. */
const sharpLib = () => {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
};

/**
 * Decodes an uploaded image (its type already found by content) and encodes it again in the same type:
 * only pixels survive, so metadata (EXIF with GPS positions, comments, embedded profiles and thumbnails)
 * and anything hidden after or between the image data are gone; the EXIF orientation is applied first.
 * An image of more than IMAGE_MAX_PIXELS is refused from its header, before decoding (a decompression
 * bomb); one libvips cannot decode, truncated or damaged, is refused too.
 */
export async function reencodeImage(data: Buffer, type: ReencodedType): Promise<Buffer> {
  const sharp = await sharpLib();
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated', animated: false } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data, { ...options, limitInputPixels: false }).metadata());
  } catch {
    throw new ImageRefused('unreadable');
  }
  if (!width || !height) throw new ImageRefused('unreadable');
  if (width * height > IMAGE_MAX_PIXELS) throw new ImageRefused('too_many_pixels');
  try {
    const image = sharp(data, options).rotate();
    if (type === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    if (type === 'image/webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.png().toBuffer();
  } catch {
    throw new ImageRefused('unreadable');
  }
}

/** Whether a type found by content is an image that is re-encoded before it is stored. */
export const isReencoded = (type: string): type is ReencodedType => Object.hasOwn(FORMATS, type);

/**
 * An image (stored, or the built-in SVG logo) as a PNG at most `height` pixels high, for documents that
 * take PNG and JPEG only (the job reports); null when libvips cannot read it.
 */
export async function pngForPrint(data: Buffer, height: number): Promise<Buffer | null> {
  const sharp = await sharpLib();
  try {
    return await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false, density: 300 })
      .resize({ height, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
