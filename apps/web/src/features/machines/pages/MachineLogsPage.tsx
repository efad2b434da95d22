import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PagedList } from '../../../components/paged-list/index.ts';
import { useMachine, useMachineLogs } from '../api/machines.ts';
import { ChangeLogEntryItem } from '../components/ChangeLogEntry.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/** ViewMachineLogs: the machine's change log (Log/MachineLogs/Filtered), newest first; logId marks one. */
export default function MachineLogsPage() {
  const { t } = useTranslation('machines');
  const id = useRouteId('machineId');
  const logId = Number(useParams().logId);
  const machine = useMachine(id);
  const logs = useMachineLogs(id);
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: { xs: 1.5, sm: 3 } }}>
        {machine.data ? <RecordHeading name={machine.data.Name} active={machine.data.IsActive} /> : null}
      </Box>
      <PagedList
        list={logs}
        label={t('logs.label')}
        emptyText={t('logs.empty')}
        renderItem={(entry) => (
          <ChangeLogEntryItem key={entry.Id} entry={entry} selected={entry.Id === logId} />
        )}
      />
    </Box>
  );
}
