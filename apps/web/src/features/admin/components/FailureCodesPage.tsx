import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useConfirm } from '../../../components/feedback/index.ts';
import { type Picked, SupplierPicker } from '../../../components/ref-pickers/index.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useCan } from '../../../lib/use-can.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { type FailureCode, useFailureCodes } from '../api/admin.ts';
import { useAddFailureCode, useChangeFailureCode, useRemoveFailureCode } from '../api/mutations.ts';
import { AddRow } from './AddRow.tsx';
import { AdminPage } from './AdminPage.tsx';

/**
 * One supplier's failure codes (002 §7.18): codes unique within the supplier; code and description
 * commit on blur; one no machine job uses can be deleted, else switched off. Read only without the
 * PIM's rights.
 */
function FailureCodeList({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const confirm = useConfirm();
  const canEdit = useCan('Module.PIM');
  const list = useFailureCodes(supplierId);
  const add = useAddFailureCode(supplierId);
  const changeCode = useChangeFailureCode(supplierId);
  const remove = useRemoveFailureCode(supplierId);
  const codeRule = rules.text(50, { required: true });
  const descriptionRule = rules.text(300);
  const change = (row: FailureCode, body: { Code?: string; Description?: string; IsActive?: boolean }) =>
    changeCode.mutateAsync({ id: row.Id, RowVersion: row.RowVersion, ...body });

  if (list.error)
    return (
      <Paper variant="outlined" sx={{ p: 2 }} role="alert">
        {t('loadFailed')}
      </Paper>
    );
  if (!list.data) return <CircularProgress aria-label={t('loading')} />;
  return (
    <>
      {canEdit ? (
        <AddRow
          fields={[
            { name: 'Code', label: t('failureCodes.code'), rule: codeRule, width: 160 },
            {
              name: 'Description',
              label: t('failureCodes.description'),
              rule: descriptionRule,
              width: 360,
            },
          ]}
          button={t('failureCodes.add')}
          onAdd={async ({ Code, Description }) => {
            await add.mutateAsync({ Code: Code!, Description: Description ?? '' });
          }}
        />
      ) : null}
      <Paper variant="outlined">
        {list.data.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('failureCodes.empty')}
          </Typography>
        ) : (
          <List aria-label={t('failureCodes.listOf')} data-testid="failure-code-list">
            {list.data.map((row) => (
              <ListItem
                key={row.Id}
                data-testid={`failure-code-${row.Id}`}
                divider
                sx={row.IsActive ? undefined : INACTIVE_ROW}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { xs: 'stretch', sm: 'center' }, width: '100%' }}
                >
                  <CommitField
                    version={row.RowVersion}
                    name="Code"
                    label={t('failureCodes.code')}
                    value={row.Code}
                    required
                    readOnly={!canEdit}
                    validate={codeRule}
                    onCommit={(Code) => change(row, { Code })}
                  />
                  <CommitField
                    version={row.RowVersion}
                    name="Description"
                    label={t('failureCodes.description')}
                    value={row.Description}
                    readOnly={!canEdit}
                    validate={descriptionRule}
                    onCommit={(Description) => change(row, { Description })}
                  />
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <Tooltip title={row.IsActive ? t('lookups.active') : t('lookups.inactive')}>
                      <Switch
                        checked={row.IsActive}
                        disabled={!canEdit}
                        slotProps={{ input: { 'aria-label': t('lookups.activeOf', { name: row.Code }) } }}
                        onChange={() => change(row, { IsActive: !row.IsActive })}
                      />
                    </Tooltip>
                    {canEdit ? (
                      <Tooltip title={t('lookups.delete')}>
                        <IconButton
                          aria-label={t('lookups.deleteOf', { name: row.Code })}
                          onClick={async () => {
                            const ok = await confirm({
                              title: t('lookups.deleteTitle'),
                              message: t('lookups.deleteMessage', { name: row.Code }),
                            });
                            if (ok) await remove.mutateAsync(row.Id).catch(() => undefined);
                          }}
                        >
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Stack>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}

/** FailureCodes (/admin/failure-codes): a supplier chosen, then its failure codes. */
export function FailureCodesPage() {
  const { t } = useTranslation('admin');
  const [supplier, setSupplier] = useState<Picked | null>(null);
  return (
    <AdminPage title={t('failureCodes.title')} help={t('failureCodes.help')}>
      <Stack spacing={2}>
        <SupplierPicker
          label={t('failureCodes.supplier')}
          value={supplier}
          onChange={setSupplier}
          testId="failure-code-supplier"
        />
        {supplier ? (
          <FailureCodeList key={supplier.Id} supplierId={supplier.Id} />
        ) : (
          <Typography color="text.secondary">{t('failureCodes.chooseSupplier')}</Typography>
        )}
      </Stack>
    </AdminPage>
  );
}

/** SupplierFailureCodes (/pim/suppliers/:supplierId/failure-codes): the supplier's failure codes. */
export function SupplierFailureCodesPage() {
  const { t } = useTranslation('admin');
  const { supplierId = '' } = useParams();
  const id = /^\d{1,9}$/.test(supplierId) ? Number(supplierId) : Number.NaN;
  return (
    <AdminPage title={t('failureCodes.title')} help={t('failureCodes.supplierHelp')} error={Number.isNaN(id)}>
      <FailureCodeList supplierId={id} />
    </AdminPage>
  );
}
