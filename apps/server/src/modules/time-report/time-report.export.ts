import { serverMessage, type TimeReport } from '@fieldport/contract';

/**
 * The week as a workbook (TimeReport/Export): a sheet of every row and a sheet of each user's day
 * totals beside the employment's hours, its headings in the caller's language. exceljs is heavy
 * (ENGINEERING.md): loaded with the first export, not at boot.
 */
export async function weekWorkbook(report: TimeReport, lang: string | undefined): Promise<Buffer> {
  const t = (key: Parameters<typeof serverMessage>[0]) => serverMessage(key, lang);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const rows = book.addWorksheet(t('time_export_rows'));
  rows.columns = [
    { header: t('time_export_user'), key: 'user', width: 24 },
    { header: t('time_export_date'), key: 'date', width: 12 },
    { header: t('time_export_job'), key: 'job', width: 32 },
    { header: t('time_export_article'), key: 'article', width: 14 },
    { header: t('time_export_description'), key: 'description', width: 32 },
    { header: t('time_export_hours'), key: 'hours', width: 10 },
  ];
  rows.getRow(1).font = { bold: true };
  for (const u of report.Users)
    for (const r of u.Rows)
      rows.addRow({
        user: u.UserName,
        date: r.WorkDate,
        job: r.JobId === null ? '' : [r.OrderId, r.JobName].filter(Boolean).join(' '),
        article: r.ArticleNumber,
        description: r.Description,
        hours: r.Hours,
      });
  const totals = book.addWorksheet(t('time_export_totals'));
  totals.columns = [
    { header: t('time_export_user'), key: 'user', width: 24 },
    ...report.Days.map((d, i) => ({ header: d, key: `d${i}`, width: 12 })),
    { header: t('time_export_total'), key: 'total', width: 10 },
    { header: t('time_export_employment'), key: 'employment', width: 16 },
    { header: t('time_export_approved'), key: 'approved', width: 12 },
  ];
  totals.getRow(1).font = { bold: true };
  for (const u of report.Users)
    totals.addRow({
      user: u.UserName,
      ...Object.fromEntries(u.DayTotals.map((h, i) => [`d${i}`, h])),
      total: u.TotalHours,
      employment: u.WeeklyHours,
      approved: u.Approved ? (u.ApprovedAt ?? '').slice(0, 10) : '',
    });
  return Buffer.from(await book.xlsx.writeBuffer());
}
