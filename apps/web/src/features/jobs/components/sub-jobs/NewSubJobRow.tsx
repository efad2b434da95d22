import Close from '@mui/icons-material/Close';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNewJobMachine } from '../../api/new-job.ts';
import type { MachineLine } from '../../api/sub-jobs.ts';
import { SubJobCodes } from './SubJobCodes.tsx';

/** A machine added in the editor, not saved yet: its temporary id (000 §4) and its line. */
export interface DraftSubJob {
  tempId: number;
  line: MachineLine;
  /** The customer comment's problem (required, or the server's refusal), shown under it. */
  problem?: string | null;
}

/**
 * A machine added but not saved: its customer comment (required, 000 §5) and codes, saved with Save
 * (MachineJob/add/parent) or discarded.
 */
export function NewSubJobRow(props: {
  draft: DraftSubJob;
  busy: boolean;
  onChange(line: MachineLine): void;
  onSave(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation('jobs');
  const { draft } = props;
  const machine = useNewJobMachine(draft.line.MachineId);
  const name = machine.data
    ? machine.data.DisplayName || machine.data.Name
    : t('subJobs.machineId', { id: draft.line.MachineId });
  const p = `new-sub-job-${draft.tempId}`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderStyle: 'dashed' }}
      data-testid={p}
      component="li"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h4" variant="subtitle1" sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          {name}
        </Typography>
        <Chip size="small" label={t('subJobs.unsaved')} />
        <Button
          size="small"
          variant="contained"
          startIcon={<Save />}
          disabled={props.busy}
          onClick={props.onSave}
          aria-label={t('subJobs.saveNamed', { name })}
        >
          {t('subJobs.save')}
        </Button>
        <IconButton
          aria-label={t('subJobs.discardNamed', { name })}
          onClick={props.onDiscard}
          disabled={props.busy}
        >
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={`${p}-comment`}
          label={t('subJobs.customerComment')}
          required
          fullWidth
          size="small"
          multiline
          minRows={2}
          value={draft.line.CustomerComment}
          onChange={(e) => props.onChange({ ...draft.line, CustomerComment: e.target.value })}
          error={!!draft.problem}
          helperText={draft.problem ?? undefined}
          sx={{ gridColumn: '1 / -1' }}
        />
        <SubJobCodes
          idPrefix={p}
          values={{
            WarrentyTypeId: draft.line.WarrentyTypeId,
            RepairPlaceId: draft.line.RepairPlaceId,
            JobCategoryId: draft.line.JobCategoryId,
            SupplierFailureCodeId: draft.line.SupplierFailureCodeId,
          }}
          readOnly={false}
          disabled={props.busy}
          onChange={(field, value) => props.onChange({ ...draft.line, [field]: value })}
        />
      </Box>
    </Paper>
  );
}
