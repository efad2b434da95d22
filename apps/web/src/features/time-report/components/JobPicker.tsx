import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SearchDropdown,
  type SearchDropdownPageArgs,
} from '../../../components/search-dropdown/SearchDropdown.tsx';
import { callApi } from '../../../lib/api/client.ts';

/** A machine job to report hours on: the sub-job, with its order, job and machine names. */
export interface JobChoice {
  Id: number;
  OrderId: string | null;
  JobName: string;
  MachineName: string;
  CustomerName: string;
}

/**
 * The machine jobs hours may go on, searched (JobList/Filtered by order id, name, customer...): the
 * technician's own jobs (booked on or created) when reporting for themselves, every job the office
 * sees when it reports for a user. Each job's machine lines are the choices.
 */
export function JobPicker(props: {
  value: JobChoice | null;
  onChange(v: JobChoice | null): void;
  ownJobs: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('timereport');
  const { ownJobs } = props;
  const fetchPage = useCallback(
    async (a: SearchDropdownPageArgs) => {
      const page = await callApi(
        'jobListFiltered',
        {
          body: {
            Page: a.Page,
            ItemsPerPage: a.ItemsPerPage,
            ...(a.SearchWord ? { SearchWord: a.SearchWord } : {}),
            ...(ownJobs ? { AssignedToMe: true } : {}),
          },
        },
        { signal: a.signal },
      );
      const Content = page.Content.flatMap((j) =>
        j.Machines.map((m) => ({
          Id: m.Id,
          OrderId: j.OrderId,
          JobName: j.DisplayName,
          MachineName: m.MachineName,
          CustomerName: j.CustomerName,
        })),
      );
      // Parents are paged; their machine lines are the choices: more to come while parents are.
      const more = Math.max(0, page.TotalCount - a.Page * a.ItemsPerPage);
      return { Content, TotalCount: (a.Page - 1) * a.ItemsPerPage + Content.length + more };
    },
    [ownJobs],
  );
  return (
    <SearchDropdown<JobChoice>
      label={t('row.job')}
      value={props.value}
      onChange={(v) => props.onChange(v as JobChoice | null)}
      fetchPage={fetchPage}
      getId={(j) => j.Id}
      getLabel={(j) => [j.OrderId, j.JobName, j.MachineName].filter(Boolean).join(' · ')}
      getSecondary={(j) => j.CustomerName}
      clearable
      helperText={t('row.jobHint')}
      testId="row-job"
      {...(props.error ? { error: props.error } : {})}
    />
  );
}
