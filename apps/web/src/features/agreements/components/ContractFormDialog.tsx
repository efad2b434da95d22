import type { Api, RouteOutput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import { ApiError, callApi } from '../../../lib/api/client.ts';
import { useToday } from '../../../lib/dates.ts';
import {
  showServerErrors,
  useDateField,
  useFieldProblem,
  useTextField,
  useZodForm,
} from '../../../lib/forms/zod-form.ts';
import { useContractTypes } from '../api/agreements.ts';
import { useChangeContract, useCreateContract } from '../api/mutations.ts';
import { StartEndDates } from './FormParts.tsx';

export type ContractValues = RouteOutput<Api['contractGet']>;
type MachineItem = RouteOutput<Api['machineFiltered']>['Content'][number];

const REQUIRED = 'This field is required';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's own checks; the server checks the rest (a period ending before it starts, a foreign machine). */
const contractForm = z.object({
  ContractTypeId: z.string().min(1, REQUIRED),
  CustomerId: z
    .number()
    .nullable()
    .refine((v) => v !== null, REQUIRED),
  Name: z.string().trim().min(1, REQUIRED).max(200, 'Max 200 characters.'),
  StartDate: z.string().regex(DATE, 'Must be a date as YYYY-MM-DD.'),
  EndDate: z.string().refine((v) => v === '' || DATE.test(v), 'Must be a date as YYYY-MM-DD.'),
  IntervalMonths: z
    .string()
    .refine((v) => v.trim() === '' || /^\d+$/.test(v.trim()), 'Must be a valid whole number.'),
  Price: z.string().refine((v) => v.trim() === '' || Number(v.replace(',', '.')) >= 0, 'Must be 0 or more.'),
  Notes: z.string().max(4000, 'Max 4000 characters.'),
  Machines: z.array(z.object({ Id: z.number(), Name: z.string() })),
});
type Form = z.input<typeof contractForm>;

const FIELDS: Record<string, keyof Form> = {
  ContractTypeId: 'ContractTypeId',
  CustomerId: 'CustomerId',
  Name: 'Name',
  StartDate: 'StartDate',
  EndDate: 'EndDate',
  IntervalMonths: 'IntervalMonths',
  Price: 'Price',
  Notes: 'Notes',
  MachineIds: 'Machines',
};

function initial(
  contract: ContractValues | null,
  typeId: number | null,
  customerId: number | null,
  today: string,
): Form {
  if (!contract)
    return {
      ContractTypeId: typeId === null ? '' : String(typeId),
      CustomerId: customerId,
      Name: '',
      StartDate: today,
      EndDate: '',
      IntervalMonths: '12',
      Price: '',
      Notes: '',
      Machines: [],
    };
  return {
    ContractTypeId: String(contract.ContractTypeId),
    CustomerId: contract.CustomerId,
    Name: contract.Name,
    StartDate: contract.StartDate,
    EndDate: contract.EndDate ?? '',
    IntervalMonths: contract.IntervalMonths === null ? '' : String(contract.IntervalMonths),
    Price: contract.Price === null ? '' : String(contract.Price),
    Notes: contract.Notes,
    Machines: contract.Machines.map((m) => ({ Id: m.Id, Name: m.Name })),
  };
}

/**
 * A contract made or changed (POST / PATCH Contract, the Admin): its type, customer, name, period,
 * interval, price, notes and the customer's machines it covers. A refusal's field errors (a period
 * ending before it starts) show under their fields.
 */
export function ContractFormDialog(props: {
  open: boolean;
  onClose(): void;
  onSaved?(contract: ContractValues): void;
  /** The contract to change; a new one when null. */
  contract: ContractValues | null;
  typeId?: number | null;
  customerId?: number | null;
}) {
  const { t } = useTranslation(['agreements', 'common']);
  const types = useContractTypes();
  const create = useCreateContract();
  const change = useChangeContract();
  const today = useToday();
  const form = useZodForm(
    contractForm,
    initial(props.contract, props.typeId ?? null, props.customerId ?? null, today),
  );
  const text = useTextField(form);
  const dateField = useDateField(form);
  const problem = useFieldProblem(form);
  const customerId = form.watch('CustomerId');
  const machines = useQuery({
    queryKey: ['agreements', 'customer-machines', customerId],
    queryFn: ({ signal }) =>
      callApi(
        'machineFiltered',
        {
          body: {
            Page: 1,
            ItemsPerPage: 500,
            SearchWord: null,
            PrependItemIdList: [],
            CustomerId: customerId,
            IncludeInactive: false,
          },
        },
        { signal },
      ),
    enabled: customerId !== null,
  });
  const failed = create.error ?? change.error;
  const generalError =
    failed instanceof ApiError && !(failed.body?.Errors ?? []).length ? failed.message : null;

  const submit = form.handleSubmit(async (v) => {
    const fields = {
      ContractTypeId: Number(v.ContractTypeId),
      Name: v.Name,
      StartDate: v.StartDate,
      EndDate: v.EndDate || null,
      IntervalMonths: v.IntervalMonths.trim() ? Number(v.IntervalMonths) : null,
      Price: v.Price.trim() ? v.Price.trim().replace(',', '.') : null,
      Notes: v.Notes,
      MachineIds: v.Machines.map((m) => m.Id),
    };
    try {
      const saved = props.contract
        ? await change.mutateAsync({
            ...fields,
            Id: props.contract.Id,
            RowVersion: props.contract.RowVersion,
          })
        : await create.mutateAsync({ ...fields, CustomerId: v.CustomerId! });
      props.onSaved?.(saved);
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (wire) => FIELDS[wire] ?? null);
    }
  });

  const title = props.contract ? t('contracts.edit') : t('contracts.new');
  return (
    <FormDialog
      open={props.open}
      title={title}
      submitLabel={t('common:save')}
      pending={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={form.control}
          name="ContractTypeId"
          render={({ field }) => (
            <TextField
              select
              required
              label={t('fields.contractType')}
              // Until the types are read, none is shown (MUI wants a value among its options).
              value={types.data?.some((ct) => String(ct.Id) === field.value) ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!problem('ContractTypeId')}
              helperText={
                problem('ContractTypeId') ?? (types.data?.length === 0 ? t('contracts.noTypes') : undefined)
              }
              slotProps={{ htmlInput: { 'data-testid': 'contract-type' } }}
            >
              {(types.data ?? []).map((ct) => (
                <MenuItem key={ct.Id} value={String(ct.Id)}>
                  {ct.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="CustomerId"
          render={({ field }) => (
            <CustomerDropdown
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                form.setValue('Machines', []);
              }}
              label={t('fields.customer')}
              required
              disabled={props.contract !== null}
              testId="contract-customer"
              {...(problem('CustomerId') ? { error: problem('CustomerId') } : {})}
            />
          )}
        />
        <TextField label={t('fields.name')} required {...text('Name')} />
        <StartEndDates start={dateField('StartDate')} end={dateField('EndDate')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('fields.intervalMonths')}
            inputMode="numeric"
            fullWidth
            {...text('IntervalMonths')}
          />
          <TextField label={t('fields.price')} inputMode="decimal" fullWidth {...text('Price')} />
        </Stack>
        <Controller
          control={form.control}
          name="Machines"
          render={({ field }) => (
            <Autocomplete<{ Id: number; Name: string }, true>
              multiple
              options={(machines.data?.Content ?? []).map((m: MachineItem) => ({
                Id: m.Id,
                Name: m.DisplayName || m.Name,
              }))}
              value={field.value}
              onChange={(_, v) => field.onChange(v)}
              isOptionEqualToValue={(a, b) => a.Id === b.Id}
              getOptionLabel={(m) => m.Name}
              disabled={customerId === null}
              loading={machines.isFetching}
              renderInput={(p) => (
                <TextField
                  {...p}
                  label={t('fields.machines')}
                  error={!!problem('Machines')}
                  helperText={problem('Machines')}
                />
              )}
            />
          )}
        />
        <TextField label={t('fields.notes')} multiline minRows={2} {...text('Notes')} />
        {generalError ? <Alert severity="error">{generalError}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}
