import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import {
  AssetTypePicker,
  ModelPicker,
  type Picked,
  SupplierPicker,
} from '../../../components/ref-pickers/index.ts';
import type { Machine } from '../api/machines.ts';
import { useChangeMachineModel } from '../api/mutations.ts';
import { useAssetTypesEnabled } from '../hooks/access.ts';
import { useSaveFailure } from '../hooks/use-save-failure.ts';

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
  const assetTypes = useAssetTypesEnabled();
  const { machine } = props;
  const [supplier, setSupplier] = useState<Picked | null>(ref(machine.Supplier));
  const [model, setModel] = useState<Picked | null>(ref(machine.MachineModel));
  const [assetType, setAssetType] = useState<Picked | null>(ref(machine.AssetType));
  const { failure, clear, run } = useSaveFailure(t('changeModel.failed'));
  const changeModel = useChangeMachineModel(machine.Id);
  const [tried, setTried] = useState(false);

  function save() {
    setTried(true);
    if (!model) return;
    void run(async () => {
      const changed = await changeModel.mutateAsync({
        ModelId: model.Id,
        SupplierId: supplier?.Id ?? null,
        ...(assetTypes ? { AssetTypeId: assetType?.Id ?? null } : {}),
      });
      props.onChanged(changed);
    });
  }

  return (
    <FormDialog
      title={t('changeModel.title')}
      submitLabel={t('common:save')}
      pending={changeModel.isPending}
      lockWhilePending
      fullScreenOnPhone
      message={failure}
      onSubmit={save}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <SupplierPicker
          value={supplier}
          onChange={(s) => {
            setSupplier(s);
            if (s && s.Id !== supplier?.Id) setModel(null);
            clear();
          }}
          clearable
          testId="machine-model-supplier"
        />
        <ModelPicker
          value={model}
          onChange={(m) => {
            setModel(m);
            clear();
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
      </Stack>
    </FormDialog>
  );
}
