import { callApi } from './client.ts';

export type JobReport = 'serviceReport' | 'hazardAnalysis';

/**
 * Opens a job's report (a PDF the server makes) in a new tab. The file needs the bearer token, so it
 * is fetched as a Blob and the tab shown its object URL; the tab is opened at the click, before the
 * fetch, so pop-up blockers let it through. Where the browser refuses a tab the file is saved instead
 * under `fileName`. A failed fetch closes the tab; the client has told the user why.
 */
export async function openJobReport(report: JobReport, jobId: number, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await callApi(report, { params: { jobId } });
  } catch (err) {
    tab?.close();
    throw err;
  }
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab has loaded the file, or the browser has taken it, well before a minute has passed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
