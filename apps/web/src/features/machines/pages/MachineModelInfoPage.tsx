import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import {
  AssetTypePicker,
  MachineTypePicker,
  type Picked,
  SupplierPicker,
} from '../../../components/ref-pickers/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { rules, useRuleMessage } from '../../../lib/forms/rules.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { type MachineModel, useModel } from '../api/pim.ts';
import { type ModelChange, useChangeModel, useCreateModel, useSetModelActive } from '../api/pim-mutations.ts';
import { ActiveSwitch } from '../components/ActiveSwitch.tsx';
import { ImageUpload } from '../components/ImageUpload.tsx';
import { PageState } from '../components/PageState.tsx';
import { RecordColumns } from '../components/RecordColumns.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { RuleTextField } from '../components/RuleTextField.tsx';
import { useAssetTypesEnabled, useCanEditPim } from '../hooks/access.ts';
import { useRouteId } from '../hooks/use-route-id.ts';

/** MachineModelInfo: a machine model's fields, image and active state; administrators edit them. */
export default function MachineModelInfoPage() {
  const id = useRouteId('modelId');
  const model = useModel(id);
  if (!model.data) return <PageState error={model.error ?? (Number.isNaN(id) ? true : undefined)} />;
  return <ModelInfo model={model.data} />;
}

function ModelInfo({ model }: { model: MachineModel }) {
  const { t } = useTranslation('pim');
  const check = useRuleMessage();
  const canEdit = useCanEditPim();
  const assetTypes = useAssetTypesEnabled();
  const changeModel = useChangeModel(model.Id);
  const setModelActive = useSetModelActive(model);

  const change = (fields: ModelChange, image?: File) => changeModel.mutateAsync({ fields, image });
  const quiet = (p: Promise<unknown>) => void p.catch(() => {});

  const setActive = (wanted: boolean) => setModelActive.mutateAsync(wanted);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100 }}>
      <RecordHeading
        name={model.Name}
        active={model.IsActive}
        details={t('fields.machineCountValue', { count: model.MachineCount })}
        actions={
          <ActiveSwitch
            active={model.IsActive}
            setActive={setActive}
            disabled={!canEdit}
            testId="model-active"
          />
        }
      />
      <RecordColumns main={3} side={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <CommitField
              version={model.RowVersion}
              name="Name"
              label={t('fields.name')}
              value={model.Name}
              validate={check(rules.text(200, { required: true }))}
              required
              readOnly={!canEdit}
              onCommit={(Name) => change({ Name, RowVersion: model.RowVersion })}
            />
            <MachineTypePicker
              value={model.MachineType}
              onChange={(v) => quiet(change({ MachineTypeId: v?.Id ?? null }))}
              readOnly={!canEdit}
              testId="model-machine-type"
            />
            <SupplierPicker
              value={model.Supplier}
              onChange={(v) => quiet(change({ SupplierId: v?.Id ?? null }))}
              readOnly={!canEdit}
              testId="model-supplier"
            />
            {assetTypes ? (
              <AssetTypePicker
                value={model.AssetType}
                onChange={(v) => quiet(change({ AssetTypeId: v?.Id ?? null }))}
                readOnly={!canEdit}
                testId="model-asset-type"
              />
            ) : null}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ImageUpload
            label={t('fields.image')}
            path={model.ImagePath}
            readOnly={!canEdit}
            onFile={(file) => change({}, file)}
            onRemove={() => change({ RemoveImage: true })}
          />
        </Paper>
      </RecordColumns>
    </Box>
  );
}

interface NewModelForm {
  Name: string;
  MachineType: Picked | null;
  Supplier: Picked | null;
  AssetType: Picked | null;
}

/** NewMachineModel (new/:modelId; 0 starts empty, another id starts from that model): the create form. */
export function NewMachineModelPage() {
  const id = useRouteId('modelId');
  const template = useModel(id);
  if (id > 0 && !template.data) return <PageState error={template.error} />;
  return <NewModel template={template.data ?? null} />;
}

function NewModel({ template }: { template: MachineModel | null }) {
  const { t } = useTranslation(['pim', 'validation', 'common']);
  const navigate = useNavigate();
  const canEdit = useCanEditPim();
  const assetTypes = useAssetTypesEnabled();
  const createModel = useCreateModel();
  const [image, setImage] = useState<File | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<NewModelForm>({
    mode: 'onTouched',
    defaultValues: {
      Name: '',
      MachineType: template?.MachineType ?? null,
      Supplier: template?.Supplier ?? null,
      AssetType: template?.AssetType ?? null,
    },
  });

  const submit = handleSubmit(async (v) => {
    try {
      const created = await createModel.mutateAsync({
        MachineModel: {
          Name: v.Name.trim(),
          MachineTypeId: v.MachineType?.Id ?? null,
          SupplierId: v.Supplier?.Id ?? null,
          ...(assetTypes ? { AssetTypeId: v.AssetType?.Id ?? null } : {}),
          IsActive: true,
        },
        ...(image ? { ImageFile: image } : {}),
      });
      navigate(pathFor('MachineModelInfo', { modelId: String(created.Id) }), { replace: true });
    } catch (err) {
      const nameError =
        err instanceof ApiError ? err.body?.Errors?.find((e) => e.Field.endsWith('Name')) : null;
      if (nameError) setError('Name', { type: 'server', message: nameError.Message });
    }
  });

  if (!canEdit) return <PageState error />;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('models.newTitle')}
      </Typography>
      <RecordColumns main={3} side={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <RuleTextField
              control={control}
              name="Name"
              rule={rules.text(200, { required: true })}
              label={t('fields.name')}
              required
            />
            <Controller
              control={control}
              name="MachineType"
              render={({ field }) => <MachineTypePicker value={field.value} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name="Supplier"
              render={({ field }) => <SupplierPicker value={field.value} onChange={field.onChange} />}
            />
            {assetTypes ? (
              <Controller
                control={control}
                name="AssetType"
                render={({ field }) => <AssetTypePicker value={field.value} onChange={field.onChange} />}
              />
            ) : null}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ImageUpload
            label={t('fields.image')}
            path={null}
            pending={image}
            onFile={setImage}
            onRemove={() => setImage(null)}
          />
        </Paper>
      </RecordColumns>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(pathFor('MachineModelList'))}>{t('common:cancel')}</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('common.create')}
        </Button>
      </Stack>
    </Box>
  );
}
