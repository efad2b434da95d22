import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNewJobMachine } from '../../api/new-job.ts';

/** The name of a chosen machine with its serial number and model, read by its id. */
function useMachineLabel(id: number): { name: string; detail: string } {
  const { t } = useTranslation('jobs');
  const machine = useNewJobMachine(id);
  const m = machine.data;
  if (!m)
    return {
      name: machine.isError ? t('newJob.machineNotFound', { id }) : t('newJob.machineId', { id }),
      detail: '',
    };
  return {
    name: m.DisplayName || m.Name,
    detail: [m.SerialNumber, m.MachineModel?.Name].filter(Boolean).join(' · '),
  };
}

/** A chosen machine's heading with a button that takes it off the job. */
export function MachineHeading(props: { id: number; onRemove(): void; level?: 'h3' | 'div' }) {
  const { t } = useTranslation('jobs');
  const { name, detail } = useMachineLabel(props.id);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component={props.level ?? 'div'}
          variant="subtitle1"
          noWrap
          data-testid={`machine-name-${props.id}`}
        >
          {name}
        </Typography>
        {detail ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {detail}
          </Typography>
        ) : null}
      </Box>
      <IconButton aria-label={t('newJob.removeMachine', { name })} onClick={props.onRemove}>
        <Delete />
      </IconButton>
    </Box>
  );
}
