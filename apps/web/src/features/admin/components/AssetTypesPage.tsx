import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { useSession } from '../../../lib/session.tsx';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { type AssetType, useAssetTypes } from '../api/admin.ts';
import {
  useAddAssetType,
  useChangeAssetType,
  useDeleteAssetType,
  useToggleAssetTypes,
} from '../api/mutations.ts';
import { AddRow } from './AddRow.tsx';
import { AdminPage } from './AdminPage.tsx';

/**
 * AssetTypes (/admin/asset-types, 002 §7.11): the AssetTypesEnabled switch (AssetType/ToggleFeature),
 * and while it is on the asset types: added, renamed on blur, switched off, deleted when no machine or
 * model uses them. The page stays reachable with the feature off, so the switch can turn it on again.
 */
export function AssetTypesPage() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const confirm = useConfirm();
  const enabled = useSession().info?.GlobalSettings.Features.AssetTypesEnabled === true;
  const toggle = useToggleAssetTypes();
  const list = useAssetTypes(enabled);
  const add = useAddAssetType();
  const changeType = useChangeAssetType();
  const remove = useDeleteAssetType();
  const change = (row: AssetType, body: { Name?: string; IsActive?: boolean }) =>
    changeType.mutateAsync({ Id: row.Id, RowVersion: row.RowVersion, ...body });
  const nameRule = rules.text(100, { required: true });

  return (
    <AdminPage
      title={t('assetTypes.title')}
      help={t('assetTypes.help')}
      loading={enabled && !list.data}
      error={enabled ? list.error : null}
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              disabled={toggle.isPending}
              onChange={() => toggle.mutate()}
              slotProps={{ input: { 'aria-describedby': 'asset-types-feature-help' } }}
              data-testid="asset-types-feature"
            />
          }
          label={t('assetTypes.feature')}
        />
        <Typography id="asset-types-feature-help" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {enabled ? t('assetTypes.featureOn') : t('assetTypes.featureOff')}
        </Typography>
      </Paper>
      {enabled ? (
        <>
          <AddRow
            fields={[{ name: 'Name', label: t('assetTypes.newName'), rule: nameRule }]}
            button={t('assetTypes.add')}
            onAdd={async ({ Name }) => {
              await add.mutateAsync(Name!);
            }}
          />
          <Paper variant="outlined">
            {list.data?.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('assetTypes.empty')}
              </Typography>
            ) : (
              <List aria-label={t('assetTypes.title')}>
                {list.data?.map((row) => (
                  <ListItem
                    key={row.Id}
                    data-testid={`asset-type-${row.Id}`}
                    divider
                    sx={row.IsActive ? undefined : INACTIVE_ROW}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
                      <CommitField
                        version={row.RowVersion}
                        name="Name"
                        label={t('assetTypes.name')}
                        value={row.Name}
                        required
                        validate={nameRule}
                        onCommit={(Name) => change(row, { Name })}
                      />
                      <Tooltip title={row.IsActive ? t('lookups.active') : t('lookups.inactive')}>
                        <Switch
                          checked={row.IsActive}
                          slotProps={{ input: { 'aria-label': t('lookups.activeOf', { name: row.Name }) } }}
                          onChange={() => change(row, { IsActive: !row.IsActive })}
                        />
                      </Tooltip>
                      <Tooltip title={t('lookups.delete')}>
                        <IconButton
                          aria-label={t('lookups.deleteOf', { name: row.Name })}
                          onClick={async () => {
                            const ok = await confirm({
                              title: t('lookups.deleteTitle'),
                              message: t('lookups.deleteMessage', { name: row.Name }),
                            });
                            if (ok) await remove.mutateAsync(row.Id).catch(() => undefined);
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
        </>
      ) : (
        <Alert severity="info">{t('assetTypes.offInfo')}</Alert>
      )}
    </AdminPage>
  );
}
