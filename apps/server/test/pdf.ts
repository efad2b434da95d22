import { PDFParse } from 'pdf-parse';

/** The text of a PDF as a reader's viewer would show it, and its page count. */
export async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** The sizes of the images a PDF shows, on all its pages or on those named (1 is the first). */
export async function pdfImages(
  data: Buffer,
  pages?: number[],
): Promise<{ width: number; height: number }[]> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getImage({
      imageBuffer: false,
      imageDataUrl: false,
      imageThreshold: 0,
      ...(pages ? { partial: pages } : {}),
    });
    return result.pages.flatMap((p) => p.images.map(({ width, height }) => ({ width, height })));
  } finally {
    await parser.destroy();
  }
}
