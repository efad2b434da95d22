import type { LocalNames } from '@fieldport/contract';
import Close from '@mui/icons-material/Close';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useConfirm } from '../../../components/feedback/index.ts';
import { LocalNamesButton, LocalNamesDialog } from '../../../components/local-names/LocalNamesButton.tsx';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { type JobStatus, useJobStatuses } from '../api/admin.ts';
import {
  useAddSubStatus,
  useChangeJobStatus,
  useChangeSubStatus,
  useDeleteSubStatus,
} from '../api/mutations.ts';
import { AddRow } from './AddRow.tsx';
import { AdminPage } from './AdminPage.tsx';
import { JobTypesAndPriorities } from './JobTypesAndPriorities.tsx';

/**
 * JobStatuses (/admin/job-statuses): the statuses keep their ids, which carry the rules (10 new, 50
 * completed, 70 approved, 100 closed, 110 deleted), but take the company's names, colours and order;
 * each has sub-statuses of the company's own. Below them, the job types' and priorities' names.
 */
export function JobStatusesPage() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const confirm = useConfirm();
  const changeStatus = useChangeJobStatus();
  const addSubStatus = useAddSubStatus();
  const deleteSubStatus = useDeleteSubStatus();
  const changeSubStatus = useChangeSubStatus();
  const statuses = useJobStatuses();
  // The sub-status whose names per language are open (a chip's click); read fresh from the list.
  const [namingId, setNamingId] = useState<number | null>(null);
  const naming = statuses.data?.flatMap((s) => s.SubStatuses).find((sub) => sub.Id === namingId);
  const change = async (
    s: JobStatus,
    body: { Name?: string; Names?: LocalNames; Color?: string; SortOrder?: number },
  ) => {
    await changeStatus.mutateAsync({ Id: s.Id, RowVersion: s.RowVersion, ...body });
  };
  const order = (v: string) => (/^\d{1,4}$/.test(v.trim()) ? null : t('jobStatuses.orderRule'));

  return (
    <AdminPage
      title={t('jobStatuses.title')}
      help={t('jobStatuses.help')}
      loading={!statuses.data}
      error={statuses.error}
    >
      <Stack spacing={2}>
        {statuses.data?.map((s) => (
          <Paper key={s.Id} variant="outlined" sx={{ p: 2 }} data-testid={`status-${s.Id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: s.Color, flexShrink: 0 }} />
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 56 }}>
                {t('jobStatuses.id', { id: s.Id })}
              </Typography>
              <CommitField
                version={s.RowVersion}
                name="Name"
                label={t('jobStatuses.name')}
                value={s.Name}
                required
                validate={rules.text(100, { required: true })}
                onCommit={(Name) => change(s, { Name })}
              />
              <LocalNamesButton
                name={s.Name}
                names={s.Names ?? {}}
                version={s.RowVersion}
                onCommit={(lang, value) => change(s, { Names: { [lang]: value } })}
              />
              <ColourField
                label={t('jobStatuses.colour')}
                value={s.Color}
                onCommit={(Color) => change(s, { Color })}
              />
              <CommitField
                version={s.RowVersion}
                name="SortOrder"
                label={t('jobStatuses.order')}
                value={String(s.SortOrder)}
                inputMode="numeric"
                validate={order}
                onCommit={(v) => change(s, { SortOrder: Number(v) })}
              />
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 1.5 }}
              role="group"
              aria-label={t('jobStatuses.subStatusesOf', { name: s.Name })}
            >
              {s.SubStatuses.map((sub) => (
                <Chip
                  key={sub.Id}
                  label={sub.Name}
                  icon={
                    sub.SetsOnMyWay ? <DirectionsCar aria-label={t('jobStatuses.setsOnMyWay')} /> : undefined
                  }
                  onClick={() => setNamingId(sub.Id)}
                  aria-label={t('common:localNames.buttonOf', { name: sub.Name })}
                  onDelete={async () => {
                    const ok = await confirm({
                      title: t('lookups.deleteTitle'),
                      message: t('lookups.deleteMessage', { name: sub.Name }),
                    });
                    if (!ok) return;
                    await deleteSubStatus.mutateAsync(sub.Id);
                  }}
                  deleteIcon={<Close aria-label={t('lookups.deleteOf', { name: sub.Name })} />}
                />
              ))}
            </Stack>
            <Box sx={{ mt: 1.5 }}>
              <AddRow
                fields={[
                  {
                    name: 'Name',
                    label: t('jobStatuses.newSubStatus'),
                    rule: rules.text(100, { required: true }),
                  },
                ]}
                button={t('jobStatuses.addSubStatus')}
                onAdd={async ({ Name }) => {
                  await addSubStatus.mutateAsync({ ParentId: s.Id, Name: Name! });
                }}
              />
            </Box>
          </Paper>
        ))}
      </Stack>
      <JobTypesAndPriorities />
      {naming ? (
        <LocalNamesDialog
          open
          name={naming.Name}
          names={naming.Names ?? {}}
          version={naming.RowVersion}
          onClose={() => setNamingId(null)}
          onCommit={(lang, value) =>
            changeSubStatus.mutateAsync({
              Id: naming.Id,
              RowVersion: naming.RowVersion,
              Names: { [lang]: value },
            })
          }
        >
          <FormControlLabel
            control={
              <Switch
                checked={naming.SetsOnMyWay}
                onChange={(e) =>
                  changeSubStatus
                    .mutateAsync({
                      Id: naming.Id,
                      RowVersion: naming.RowVersion,
                      SetsOnMyWay: e.target.checked,
                    })
                    .catch(() => undefined)
                }
              />
            }
            label={t('jobStatuses.setsOnMyWay')}
          />
        </LocalNamesDialog>
      ) : null}
    </AdminPage>
  );
}

/** A colour picker that saves when it closes (a picker changes its value at every drag). */
function ColourField(props: { label: string; value: string; onCommit(value: string): Promise<unknown> }) {
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  return (
    <TextField
      type="color"
      size="small"
      label={props.label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => (draft !== props.value ? props.onCommit(draft) : undefined)}
      sx={{ width: 112, flexShrink: 0 }}
    />
  );
}
