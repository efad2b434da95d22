import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { countryName, type Job, type Language } from '@fieldport/contract';
import PDFDocument from 'pdfkit';
import { HAZARDS, type ReportText, reportTexts } from './report-texts.ts';

/**
 * The job's printable documents drawn with pdfkit (decision 029). This module is loaded with the first
 * report (reports.service.ts imports it dynamically), with pdfkit and the fonts.
 */

/** What a report shows besides the job: the company that does the work and its codes' names. */
export interface ReportInput {
  lang: Language;
  company: { name: string; street: string; zipAndCity: string; phone: string; email: string };
  /** The company logo as PNG, or null when it could not be drawn. */
  logo: Buffer | null;
  job: Job;
  /** The names of the sub-jobs' codes, keyed `kind:id` (reports.repository.ts). */
  codes: Map<string, string>;
  /** When it was made, local wall-clock time 'YYYY-MM-DDTHH:mm:ss'. */
  printed: string;
  /** The customer's signature captured on the phone (decision 090): its PNG, the signer, local time. */
  signature: { png: Buffer; name: string; signed: string } | null;
}

type Doc = PDFKit.PDFDocument;
type T = ReturnType<typeof reportTexts>;

const MARGIN = 48;
const GREY = '#555555';
const LINE = '#999999';

/**
 * The fonts: the built-in Helvetica when every text is Latin-1 (English and the Nordic languages, the
 * usual case: small and fast), else Noto Sans CJK, traditional for zh-HK and simplified otherwise, which
 * also covers the Latin letters. The CJK fonts have no bold here: headings are set larger instead.
 */
const require = createRequire(import.meta.url);
const CJK_FONTS = {
  traditional: () =>
    join(dirname(require.resolve('@embedpdf/fonts-tc')), '../fonts/NotoSansHant-Regular.otf'),
  simplified: () => join(dirname(require.resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Regular.otf'),
};
const fontFiles = new Map<keyof typeof CJK_FONTS, Promise<Buffer>>();
function cjkFont(lang: Language): Promise<Buffer> {
  const script = lang === 'zh-HK' ? 'traditional' : 'simplified';
  let font = fontFiles.get(script);
  if (!font) {
    font = readFile(CJK_FONTS[script]());
    fontFiles.set(script, font);
  }
  return font;
}
// Latin-1 and the few other characters Helvetica's WinAnsi encoding holds (dashes, quotes, bullet, euro).
const WIN_ANSI = /^[\t\n\r\u0020-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]*$/;

async function newDocument(input: ReportInput, title: string, texts: string[]) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: input.company.name, Subject: input.job.DisplayName },
  });
  const latin = input.lang !== 'zh-CN' && input.lang !== 'zh-HK' && texts.every((s) => WIN_ANSI.test(s));
  if (latin) {
    doc.registerFont('body', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  } else {
    const font = await cjkFont(input.lang);
    doc.registerFont('body', font);
    doc.registerFont('bold', font);
  }
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

const dateTime = (local: string) => local.slice(0, 16).replace('T', ' ');
const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');

/** Every text of the job a report may draw: they choose the font. */
function jobTexts(input: ReportInput): string[] {
  const j = input.job;
  return [
    ...Object.values(input.company),
    j.DisplayName,
    j.CustomerName,
    j.FirstLineComment,
    j.OrderId ?? '',
    j.StatusName,
    j.JobTypeName,
    j.PriorityName ?? '',
    ...Object.values(j.DeliveryAddress ?? {}).map(String),
    countryName(j.DeliveryAddress?.Country, input.lang),
    ...Object.values(j.ContactPerson ?? {}).map(String),
    ...j.InverseParent.flatMap((s) => [
      s.MachineName,
      s.OrderId ?? '',
      s.CustomerComment,
      s.TechnicianComment,
      s.InvoiceComment,
      s.Machine?.SerialNumber ?? '',
      s.Machine?.ModelName ?? '',
    ]),
    ...j.Appointments.flatMap((a) => [a.Subject, ...a.Participants.map((p) => p.Name)]),
    ...input.codes.values(),
    input.signature?.name ?? '',
  ];
}

/** Logo and company on the left, the document's title and the job's number on the right. */
function header(doc: Doc, input: ReportInput, title: string, t: T) {
  const top = doc.y;
  const width = doc.page.width - 2 * MARGIN;
  if (input.logo) {
    try {
      doc.image(input.logo, MARGIN, top, { fit: [140, 48] });
    } catch {
      // A logo pdfkit cannot read leaves the header without it.
    }
  }
  const c = input.company;
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(c.name, MARGIN, top + 54, { width: width / 2 });
  doc.font('body').fontSize(9).fillColor(GREY);
  for (const line of [c.street, c.zipAndCity, joined(c.phone, c.email)].filter(Boolean))
    doc.text(line, { width: width / 2 });
  const leftBottom = doc.y;
  doc
    .font('bold')
    .fontSize(18)
    .fillColor('black')
    .text(title, MARGIN + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('body').fontSize(10);
  const j = input.job;
  doc.text(`${t('job')} ${j.OrderId ?? j.Id}`, { width: width / 2, align: 'right' });
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text(t('printed', { date: dateTime(input.printed) }), {
      width: width / 2,
      align: 'right',
    });
  doc.y = Math.max(leftBottom, doc.y) + 12;
  rule(doc);
}

function rule(doc: Doc) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor(LINE)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.6);
}

function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.4);
  doc.font('bold').fontSize(12).fillColor('black').text(text, MARGIN);
  doc.moveDown(0.2);
  doc.font('body').fontSize(10);
}

/** 'Label: value' lines, the labels grey; empty values are left out. */
function fields(doc: Doc, rows: [string, string | null | undefined][]) {
  for (const [label, value] of rows) {
    if (!value?.trim()) continue;
    doc.fillColor(GREY).fontSize(9).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.fillColor('black').fontSize(10).text(value);
  }
}

/** Job, customer, delivery address and contact: what both documents start with. */
function jobBlock(doc: Doc, input: ReportInput, t: T) {
  const j = input.job;
  heading(doc, j.DisplayName);
  fields(doc, [
    [t('orderId'), j.OrderId],
    [t('jobType'), j.JobTypeName],
    [t('status'), joined(j.StatusName, j.SubStatusName)],
    [t('priority'), j.PriorityName],
    [t('created'), dateTime(j.CreatedDate)],
    [t('description'), j.FirstLineComment],
  ]);
  heading(doc, t('customer'));
  fields(doc, [[t('customer'), j.CustomerName]]);
  const a = j.DeliveryAddress;
  if (a)
    fields(doc, [
      [
        t('deliveryAddress'),
        joined(a.Name || a.DisplayName, a.Street, `${a.Zip} ${a.City}`, countryName(a.Country, input.lang)),
      ],
    ]);
  const p = j.ContactPerson;
  if (p) fields(doc, [[t('contact'), joined(p.Name, p.Mobile || p.FixedPhone, p.Email)]]);
}

function machines(doc: Doc, input: ReportInput, t: T, withComments: boolean) {
  const j = input.job;
  heading(doc, t('machines'));
  if (!j.InverseParent.length) doc.fillColor(GREY).text(t('none'));
  const code = (kind: string, id: number | null) =>
    id === null ? null : (input.codes.get(`${kind}:${id}`) ?? null);
  for (const s of j.InverseParent) {
    if (doc.y > doc.page.height - MARGIN - 100) doc.addPage();
    doc.moveDown(0.3);
    doc.font('bold').fontSize(10).fillColor('black').text(joined(s.OrderId, s.MachineName), MARGIN);
    doc.font('body');
    fields(doc, [
      [t('serialNumber'), s.Machine?.SerialNumber],
      [t('model'), joined(s.Machine?.ModelName, s.Machine?.TypeName)],
      ...(withComments
        ? ([
            [t('customerComment'), s.CustomerComment],
            [t('technicianComment'), s.TechnicianComment],
            [t('invoiceComment'), s.InvoiceComment],
            [t('warrantyType'), code('warranty', s.WarrentyTypeId)],
            [t('repairPlace'), code('place', s.RepairPlaceId)],
            [t('jobCategory'), code('category', s.JobCategoryId)],
            [t('failureCode'), code('failure', s.SupplierFailureCodeId)],
          ] as [string, string | null][])
        : []),
    ]);
  }
}

function appointments(doc: Doc, input: ReportInput, t: T) {
  heading(doc, t('appointments'));
  const list = input.job.Appointments.filter((a) => !a.IsAbsence);
  if (!list.length) doc.fillColor(GREY).text(t('none'));
  for (const a of list) {
    const time = `${dateTime(a.StartTime)} – ${dateTime(a.EndTime).slice(a.StartTime.slice(0, 10) === a.EndTime.slice(0, 10) ? 11 : 0)}`;
    fields(doc, [
      [t('time'), joined(time, a.Subject)],
      [t('technicians'), a.Participants.map((p) => p.Name).join(', ')],
    ]);
  }
}

/**
 * Signature fields side by side: lines for date and place, the signature, and the name under it. The
 * customer's captured signature (decision 090) fills its field: the time, the drawing, the signer's name.
 */
function signatures(doc: Doc, t: T, who: ReportText[], signed: ReportInput['signature'] = null) {
  if (doc.y > doc.page.height - MARGIN - 150) doc.addPage();
  heading(doc, t('signatures'));
  const gap = 24;
  const width = (doc.page.width - 2 * MARGIN - gap * (who.length - 1)) / who.length;
  const top = doc.y;
  who.forEach((key, i) => {
    const x = MARGIN + i * (width + gap);
    [t('dateAndPlace'), t(key), t('nameInCapitals')].forEach((label, n) => {
      const y = top + 30 + n * 40;
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .strokeColor('black')
        .lineWidth(0.7)
        .stroke();
      doc
        .font('body')
        .fontSize(8)
        .fillColor(GREY)
        .text(label, x, y + 3, { width, lineBreak: false });
    });
    if (key === 'customerSignature' && signed) signedField(doc, signed, x, top, width);
  });
  doc.x = MARGIN;
  doc.y = top + 125;
}

/** The captured signature on its field's lines (at top + 30, 70 and 110): time, drawing, name. */
function signedField(
  doc: Doc,
  signed: NonNullable<ReportInput['signature']>,
  x: number,
  top: number,
  width: number,
) {
  doc.font('body').fontSize(10).fillColor('black');
  doc.text(dateTime(signed.signed), x, top + 16, { width, lineBreak: false });
  try {
    doc.image(signed.png, x, top + 36, { fit: [width, 32] });
  } catch {
    // A drawing pdfkit cannot read leaves the line empty; the name and time still say who signed.
  }
  doc.text(signed.name, x, top + 96, { width, lineBreak: false });
}

/** 'Page n of m' at the foot of every page, when all pages are known. */
function pageNumbers(doc: Doc, t: T) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(GREY)
      .text(t('page', { page: i + 1, pages: range.count }), MARGIN, doc.page.height - MARGIN / 2 - 8, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The service report: the job, its machines with comments and codes, its appointments, signatures. */
export async function renderServiceReport(input: ReportInput): Promise<Buffer> {
  const t = reportTexts(input.lang);
  const title = t('serviceReport.title');
  const { doc, done } = await newDocument(input, title, jobTexts(input));
  header(doc, input, title, t);
  jobBlock(doc, input, t);
  machines(doc, input, t, true);
  appointments(doc, input, t);
  signatures(doc, t, ['customerSignature', 'technicianSignature'], input.signature);
  pageNumbers(doc, t);
  doc.end();
  return done;
}

/** A box to tick, with its label to the right. */
function checkbox(doc: Doc, x: number, y: number, label: string) {
  doc
    .rect(x, y + 1, 9, 9)
    .strokeColor('black')
    .lineWidth(0.7)
    .stroke();
  doc
    .font('body')
    .fontSize(9)
    .fillColor('black')
    .text(label, x + 13, y, { lineBreak: false });
}

/** The hazard analysis: the job and its machines, the risk checklist with measures, signatures. */
export async function renderHazardAnalysis(input: ReportInput): Promise<Buffer> {
  const t = reportTexts(input.lang);
  const title = t('hazardAnalysis.title');
  const { doc, done } = await newDocument(input, title, jobTexts(input));
  header(doc, input, title, t);
  jobBlock(doc, input, t);
  machines(doc, input, t, false);
  appointments(doc, input, t);

  doc.addPage();
  heading(doc, title);
  doc.fillColor(GREY).fontSize(9).text(t('hazardAnalysis.intro'), MARGIN);
  doc.moveDown(0.6);
  const width = doc.page.width - 2 * MARGIN;
  const cols = [width * 0.42, width * 0.16, width * 0.42];
  const tableRow = (cells: string[], bold: boolean, height: number) => {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = cols[i] ?? 0;
      doc.rect(x, y, w, height).strokeColor(LINE).lineWidth(0.5).stroke();
      if (cell)
        doc
          .font(bold ? 'bold' : 'body')
          .fontSize(9)
          .fillColor('black')
          .text(cell, x + 4, y + 5, { width: w - 8 });
      x += w;
    });
    return y;
  };
  const head = tableRow(
    [t('hazardAnalysis.hazard'), t('hazardAnalysis.applies'), t('hazardAnalysis.measure')],
    true,
    20,
  );
  doc.y = head + 20;
  for (const key of HAZARDS) {
    const y = tableRow([t(`hazardAnalysis.hazards.${key}`), '', ''], false, 30);
    const x = MARGIN + (cols[0] ?? 0) + 6;
    checkbox(doc, x, y + 5, t('hazardAnalysis.yes'));
    checkbox(doc, x + 38, y + 5, t('hazardAnalysis.no'));
    doc.y = y + 30;
  }
  doc.moveDown(0.8);
  for (const line of ['hazardAnalysis.isolated', 'hazardAnalysis.conclusion'] as const) {
    checkbox(doc, MARGIN, doc.y, t(line));
    doc.y += 18;
  }
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text(`${t('hazardAnalysis.protection')}:`, MARGIN, doc.y + 4);
  doc
    .moveTo(MARGIN, doc.y + 16)
    .lineTo(MARGIN + width, doc.y + 16)
    .strokeColor('black')
    .lineWidth(0.7)
    .stroke();
  doc.y += 28;
  signatures(doc, t, ['technicianSignature', 'customerSignature']);
  pageNumbers(doc, t);
  doc.end();
  return done;
}
