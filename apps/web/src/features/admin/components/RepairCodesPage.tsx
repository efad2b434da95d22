import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useConfirm } from '../../../components/feedback/index.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { type RepairCode, useRepairCodes } from '../api/admin.ts';
import { useAddRepairCode, useChangeRepairCode, useRemoveRepairCode } from '../api/mutations.ts';
import { AddRow } from './AddRow.tsx';
import { AdminPage } from './AdminPage.tsx';

/** RepairCodes (/admin/repair-codes, 002 §7.18): codes unique, code and description commit on blur. */
export function RepairCodesPage() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const confirm = useConfirm();
  const changeCode = useChangeRepairCode();
  const addCode = useAddRepairCode();
  const removeCode = useRemoveRepairCode();
  const list = useRepairCodes();
  const change = async (
    row: RepairCode,
    body: { Code?: string; Description?: string; IsActive?: boolean },
  ) => {
    await changeCode.mutateAsync({ Id: row.Id, RowVersion: row.RowVersion, ...body });
  };

  return (
    <AdminPage
      title={t('repairCodes.title')}
      help={t('repairCodes.help')}
      loading={!list.data}
      error={list.error}
    >
      <AddRow
        fields={[
          {
            name: 'code',
            label: t('repairCodes.code'),
            rule: rules.text(50, { required: true }),
            width: 160,
          },
          { name: 'description', label: t('repairCodes.description'), rule: rules.text(300), width: 360 },
        ]}
        button={t('repairCodes.add')}
        onAdd={async ({ code, description }) => {
          await addCode.mutateAsync({ code: code!, description: description ?? '' });
        }}
      />
      <Paper variant="outlined">
        {list.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('repairCodes.empty')}
          </Typography>
        ) : (
          <List aria-label={t('repairCodes.title')}>
            {list.data?.map((row) => (
              <ListItem
                key={row.Id}
                data-testid={`repair-code-${row.Id}`}
                divider
                sx={row.IsActive ? undefined : INACTIVE_ROW}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: 'center', width: '100%' }}
                >
                  <CommitField
                    version={row.RowVersion}
                    name="Code"
                    label={t('repairCodes.code')}
                    value={row.Code}
                    required
                    validate={rules.text(50, { required: true })}
                    onCommit={(Code) => change(row, { Code })}
                  />
                  <CommitField
                    version={row.RowVersion}
                    name="Description"
                    label={t('repairCodes.description')}
                    value={row.Description}
                    validate={rules.text(300)}
                    onCommit={(Description) => change(row, { Description })}
                  />
                  <Switch
                    checked={row.IsActive}
                    slotProps={{ input: { 'aria-label': t('lookups.activeOf', { name: row.Code }) } }}
                    onChange={() => change(row, { IsActive: !row.IsActive })}
                  />
                  <Tooltip title={t('lookups.delete')}>
                    <IconButton
                      aria-label={t('lookups.deleteOf', { name: row.Code })}
                      onClick={async () => {
                        const ok = await confirm({
                          title: t('lookups.deleteTitle'),
                          message: t('lookups.deleteMessage', { name: row.Code }),
                        });
                        if (!ok) return;
                        await removeCode.mutateAsync(row.Id);
                      }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </AdminPage>
  );
}
