import { type ReportInput, renderHazardAnalysis, renderServiceReport } from './report-pdf.ts';

/** Which report a worker draws, with what it shows. */
export interface DrawTask {
  kind: 'serviceReport' | 'hazardAnalysis';
  input: ReportInput;
}

/**
 * A report drawn in a worker thread of the reports' pool (report-drawer.ts, decision 059): pdfkit draws
 * synchronously, so on the server's own thread each PDF held every other call for its whole drawing.
 * The input arrives as a structured clone (the logo's and the signature's Buffers as Uint8Arrays).
 */
export default async function draw(task: DrawTask): Promise<Uint8Array> {
  const { logo, signature } = task.input;
  const input = {
    ...task.input,
    logo: logo && Buffer.from(logo),
    signature: signature && { ...signature, png: Buffer.from(signature.png) },
  };
  return task.kind === 'serviceReport' ? renderServiceReport(input) : renderHazardAnalysis(input);
}
