import type { LocalNames } from '@fieldport/contract';
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
import { LocalNamesButton } from '../../../components/local-names/LocalNamesButton.tsx';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useCan } from '../../../lib/use-can.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { LOOKUP_CALLS, type LookupKind, type NamedLookup, useLookups } from '../api/admin.ts';
import { useAddLookup, useChangeLookup, useRemoveLookup } from '../api/mutations.ts';
import { AddRow } from './AddRow.tsx';
import { AdminPage } from './AdminPage.tsx';

/**
 * Warranty types, repair places and job categories (000 §3 'other lists'): names unique; a name commits
 * on blur; inactive ones stay on old jobs but leave the dropdowns; one no job uses can be deleted
 * (job categories are only made inactive, 002 §7.9).
 */
export function NamedLookupsPage({ kind }: { kind: LookupKind }) {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const confirm = useConfirm();
  const changeLookup = useChangeLookup(kind);
  const addLookup = useAddLookup(kind);
  const removeLookup = useRemoveLookup(kind);
  const canEdit = useCan('Module.Admin');
  const list = useLookups(kind);
  const calls = LOOKUP_CALLS[kind];

  const change = async (
    row: NamedLookup,
    body: { Name?: string; Names?: LocalNames; IsActive?: boolean },
  ) => {
    await changeLookup.mutateAsync({ Id: row.Id, RowVersion: row.RowVersion, ...body });
  };
  const remove = async (row: NamedLookup) => {
    if (!calls.remove) return;
    const ok = await confirm({
      title: t('lookups.deleteTitle'),
      message: t('lookups.deleteMessage', { name: row.Name }),
    });
    if (!ok) return;
    await removeLookup.mutateAsync(row.Id);
  };

  return (
    <AdminPage
      title={t(`lookups.${kind}.title`)}
      help={t(`lookups.${kind}.help`)}
      loading={!list.data}
      error={list.error}
    >
      {canEdit ? (
        <AddRow
          fields={[{ name: 'Name', label: t('lookups.newName'), rule: rules.text(100, { required: true }) }]}
          button={t(`lookups.${kind}.add`)}
          onAdd={async ({ Name }) => {
            await addLookup.mutateAsync(Name!);
          }}
        />
      ) : null}
      <Paper variant="outlined">
        {list.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t(`lookups.${kind}.empty`)}
          </Typography>
        ) : (
          <List aria-label={t(`lookups.${kind}.title`)}>
            {list.data?.map((row) => (
              <ListItem
                key={row.Id}
                data-testid={`lookup-${row.Id}`}
                divider
                sx={row.IsActive ? undefined : INACTIVE_ROW}
              >
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
                  <CommitField
                    version={row.RowVersion}
                    name="Name"
                    label={t('lookups.name')}
                    value={row.Name}
                    required
                    readOnly={!canEdit}
                    validate={rules.text(100, { required: true })}
                    onCommit={(Name) => change(row, { Name })}
                  />
                  {canEdit ? (
                    <LocalNamesButton
                      name={row.Name}
                      names={row.Names ?? {}}
                      version={row.RowVersion}
                      onCommit={(lang, value) => change(row, { Names: { [lang]: value } })}
                    />
                  ) : null}
                  <Tooltip title={row.IsActive ? t('lookups.active') : t('lookups.inactive')}>
                    <Switch
                      checked={row.IsActive}
                      disabled={!canEdit}
                      slotProps={{ input: { 'aria-label': t('lookups.activeOf', { name: row.Name }) } }}
                      onChange={() => change(row, { IsActive: !row.IsActive })}
                    />
                  </Tooltip>
                  {canEdit && calls.remove ? (
                    <Tooltip title={t('lookups.delete')}>
                      <IconButton
                        aria-label={t('lookups.deleteOf', { name: row.Name })}
                        onClick={() => remove(row)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </AdminPage>
  );
}
