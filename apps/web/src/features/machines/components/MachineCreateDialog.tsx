import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { AssetTypePicker, ModelPicker, type Picked } from '../../../components/ref-pickers/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { rules } from '../../../lib/forms/rules.ts';
import type { Machine } from '../api/machines.ts';
import { useCreateMachine } from '../api/mutations.ts';
import { useAssetTypesEnabled } from '../hooks/access.ts';
import { AddressSelect } from './AddressSelect.tsx';
import { RuleTextField } from './RuleTextField.tsx';

interface CreateForm {
  CustomerId: number | null;
  Name: string;
  SerialNumber: string;
  Model: Picked | null;
  AssetType: Picked | null;
  DeliveryAddressId: number | null;
}

/**
 * A new machine for a customer (POST machine): customer, name (required), serial number, model, asset
 * type (with the asset types feature) and one of the customer's delivery addresses.
 */
export function MachineCreateDialog(props: {
  open: boolean;
  onClose(): void;
  onCreated(machine: Machine): void;
  customerId?: number | null;
}) {
  const { t } = useTranslation(['machines', 'validation', 'common']);
  const assetTypes = useAssetTypesEnabled();
  const createMachine = useCreateMachine();
  const form = useForm<CreateForm>({
    mode: 'onTouched',
    defaultValues: {
      CustomerId: props.customerId ?? null,
      Name: '',
      SerialNumber: '',
      Model: null,
      AssetType: null,
      DeliveryAddressId: null,
    },
  });
  const { control, handleSubmit, formState, setValue, watch, setError, reset } = form;
  const customerId = watch('CustomerId');
  const setAddress = useCallback(
    (id: number | null) => setValue('DeliveryAddressId', id, { shouldDirty: true }),
    [setValue],
  );

  const close = () => {
    reset();
    props.onClose();
  };

  const submit = handleSubmit(async (v) => {
    if (v.CustomerId === null) return;
    try {
      const created = await createMachine.mutateAsync({
        CustomerId: v.CustomerId,
        Name: v.Name.trim(),
        SerialNumber: v.SerialNumber.trim(),
        MachineModelId: v.Model?.Id ?? null,
        ...(assetTypes ? { AssetTypeId: v.AssetType?.Id ?? null } : {}),
        ...(v.DeliveryAddressId !== null ? { DeliveryAddressId: v.DeliveryAddressId } : {}),
      });
      reset();
      props.onCreated(created);
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      for (const e of err.body?.Errors ?? []) {
        if (e.Field === 'Name' || e.Field === 'SerialNumber' || e.Field === 'CustomerId')
          setError(e.Field, { type: 'server', message: e.Message });
      }
    }
  });

  return (
    <FormDialog
      open={props.open}
      title={t('create.title')}
      submitLabel={t('create.submit')}
      fullScreenOnPhone
      pending={formState.isSubmitting}
      onSubmit={submit}
      onClose={close}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="CustomerId"
          rules={{ validate: (v) => (v === null ? t('validation:required_field') : true) }}
          render={({ field, fieldState }) => (
            <CustomerDropdown
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                setValue('DeliveryAddressId', null);
              }}
              label={t('fields.customer')}
              required
              testId="machine-create-customer"
              {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
            />
          )}
        />
        <RuleTextField
          control={control}
          name="Name"
          rule={rules.text(200, { required: true })}
          label={t('fields.name')}
          required
        />
        <RuleTextField
          control={control}
          name="SerialNumber"
          rule={rules.text(100)}
          label={t('fields.serialNumber')}
        />
        <Controller
          control={control}
          name="Model"
          render={({ field }) => <ModelPicker value={field.value} onChange={field.onChange} clearable />}
        />
        {assetTypes ? (
          <Controller
            control={control}
            name="AssetType"
            render={({ field }) => (
              <AssetTypePicker value={field.value} onChange={field.onChange} clearable />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name="DeliveryAddressId"
          render={({ field }) => (
            <AddressSelect
              customerId={customerId}
              value={field.value}
              onChange={setAddress}
              pickDefault
              name="DeliveryAddressId"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
