import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isCancelled } from '../../../lib/api/client.ts';
import type { Machine } from '../api/machines.ts';
import { useChangeMachineModel } from '../api/mutations.ts';
import { useAssetTypesEnabled } from '../hooks/access.ts';
import { AssetTypePicker, ModelPicker, type Picked, SupplierPicker } from './pickers.tsx';

const ref = (r: { Id: number; Name: string } | null | undefined): Picked | null =>
  r ? { Id: r.Id, Name: r.Name } : null;

/**
 * Changes the model of a machine (PATCH machine/ChangeModelInfo/{id}: ModelId, SupplierId, AssetTypeId).
 * The supplier narrows the models offered. A refusal keeps the dialog open with its message.
 */
export function ChangeModelDialog(props: {
  machine: Machine;
  onClose(): void;
  onChanged(machine: Machine): void;
}) {
  const { t } = useTranslation(['machines', 'validation', 'common']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const assetTypes = useAssetTypesEnabled();
  const { machine } = props;
  const [supplier, setSupplier] = useState<Picked | null>(ref(machine.Supplier));
  const [model, setModel] = useState<Picked | null>(ref(machine.MachineModel));
  const [assetType, setAssetType] = useState<Picked | null>(ref(machine.AssetType));
  const [failure, setFailure] = useState<string | null>(null);
  const changeModel = useChangeMachineModel(machine.Id);
  const saving = changeModel.isPending;
  const [tried, setTried] = useState(false);

  async function save() {
    setTried(true);
    if (!model) return;
    setFailure(null);
    try {
      const changed = await changeModel.mutateAsync({
        ModelId: model.Id,
        SupplierId: supplier?.Id ?? null,
        ...(assetTypes ? { AssetTypeId: assetType?.Id ?? null } : {}),
      });
      props.onChanged(changed);
    } catch (err) {
      if (isCancelled(err)) return;
      setFailure((err instanceof ApiError && err.body?.Message) || t('changeModel.failed'));
    }
  }

  return (
    <Dialog
      open
      onClose={saving ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="machine-model-title"
    >
      <DialogTitle id="machine-model-title">{t('changeModel.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SupplierPicker
            value={supplier}
            onChange={(s) => {
              setSupplier(s);
              if (s && s.Id !== supplier?.Id) setModel(null);
              setFailure(null);
            }}
            clearable
            testId="machine-model-supplier"
          />
          <ModelPicker
            value={model}
            onChange={(m) => {
              setModel(m);
              setFailure(null);
            }}
            supplierId={supplier?.Id ?? null}
            required
            clearable={false}
            testId="machine-model-model"
            {...(tried && !model ? { error: t('validation:required_field') } : {})}
          />
          {assetTypes ? (
            <AssetTypePicker
              value={assetType}
              onChange={setAssetType}
              clearable
              testId="machine-model-asset-type"
            />
          ) : null}
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={saving}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
