import type { Api, RouteOutput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import {
  SearchDropdown,
  type SearchDropdownPageArgs,
} from '../../../components/search-dropdown/SearchDropdown.tsx';
import { ApiError, callApi } from '../../../lib/api/client.ts';
import { useToday } from '../../../lib/dates.ts';
import {
  showServerErrors,
  useDateField,
  useFieldProblem,
  useTextField,
  useZodForm,
} from '../../../lib/forms/zod-form.ts';
import type { AgreementItem } from '../api/agreements.ts';
import { useChangeAgreement, useCreateAgreement } from '../api/mutations.ts';
import { StartEndDates } from './FormParts.tsx';

type MachineItem = RouteOutput<Api['machineFiltered']>['Content'][number];

const REQUIRED = 'This field is required';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's own checks; the server checks the rest (an interval given, the period, the machine's counter). */
const agreementForm = z.object({
  // The machine as the form holds it: picked from the search, or the agreement's own when changing.
  Machine: z
    .object({ Id: z.number(), Name: z.string(), CustomerId: z.number() })
    .nullable()
    .refine((v) => v !== null, REQUIRED),
  Name: z.string().trim().min(1, REQUIRED).max(200, 'Max 200 characters.'),
  StartDate: z.string().regex(DATE, 'Must be a date as YYYY-MM-DD.'),
  EndDate: z.string().refine((v) => v === '' || DATE.test(v), 'Must be a date as YYYY-MM-DD.'),
  IntervalMonths: z
    .string()
    .refine((v) => v.trim() === '' || /^\d+$/.test(v.trim()), 'Must be a valid whole number.'),
  CounterId: z.string(),
  CounterInterval: z
    .string()
    .refine((v) => v.trim() === '' || Number(v.replace(',', '.')) > 0, 'Must be more than 0.'),
  ContractId: z.string(),
  IsActive: z.boolean(),
});
type Form = z.input<typeof agreementForm>;

/** The server's field names to the form's. */
const FIELDS: Record<string, keyof Form> = {
  MachineId: 'Machine',
  Name: 'Name',
  StartDate: 'StartDate',
  EndDate: 'EndDate',
  IntervalMonths: 'IntervalMonths',
  CounterId: 'CounterId',
  CounterInterval: 'CounterInterval',
  ContractId: 'ContractId',
};

const orEmpty = (v: number | string | null) => (v === null ? '' : String(v));

function initial(a: AgreementItem | null, today: string): Form {
  if (!a)
    return {
      Machine: null,
      Name: '',
      StartDate: today,
      EndDate: '',
      IntervalMonths: '6',
      CounterId: '',
      CounterInterval: '',
      ContractId: '',
      IsActive: true,
    };
  return {
    Machine: { Id: a.MachineId, Name: a.MachineName, CustomerId: a.CustomerId },
    Name: a.Name,
    StartDate: a.StartDate,
    EndDate: a.EndDate ?? '',
    IntervalMonths: orEmpty(a.IntervalMonths),
    CounterId: orEmpty(a.CounterId),
    CounterInterval: orEmpty(a.CounterInterval),
    ContractId: orEmpty(a.ContractId),
    IsActive: a.IsActive,
  };
}

/**
 * A service agreement made or changed (POST ServiceAgreement, and our PATCH ServiceAgreement/{id}; the
 * Admin): the machine (fixed once made), a name, the period, a date interval, a counter interval or
 * both, the contract it is made under, and whether it is active. A refusal's field errors (a period
 * ending before it starts, no interval) show under their fields; a stale version above the buttons.
 */
export function AgreementFormDialog(props: {
  open: boolean;
  onClose(): void;
  /** The agreement to change; a new one when null. */
  agreement: AgreementItem | null;
}) {
  const { t } = useTranslation(['agreements', 'common']);
  const editing = props.agreement;
  const create = useCreateAgreement();
  const change = useChangeAgreement();
  const today = useToday();
  const form = useZodForm(agreementForm, initial(editing, today));
  const text = useTextField(form);
  const dateField = useDateField(form);
  const problem = useFieldProblem(form);
  const machine = form.watch('Machine');
  const counterId = form.watch('CounterId');
  const counters = useQuery({
    queryKey: ['agreements', 'machine-counters', machine?.Id],
    queryFn: ({ signal }) => callApi('counterOfMachine', { params: { id: machine!.Id } }, { signal }),
    enabled: !!machine,
  });
  const contracts = useQuery({
    queryKey: ['agreements', 'customer-contracts', machine?.CustomerId],
    queryFn: ({ signal }) =>
      callApi(
        'contractFiltered',
        { query: { CustomerId: String(machine!.CustomerId), ItemsPerPage: 100 } },
        { signal },
      ),
    enabled: !!machine,
  });
  const fetchPage = useCallback(
    (a: SearchDropdownPageArgs) =>
      callApi(
        'machineFiltered',
        {
          body: {
            Page: a.Page,
            ItemsPerPage: a.ItemsPerPage,
            SearchWord: a.SearchWord || null,
            PrependItemIdList: a.PrependItemIdList,
            IncludeInactive: false,
          },
        },
        { signal: a.signal },
      ),
    [],
  );
  const [picked, setPicked] = useState<MachineItem | null>(null);
  const failed = create.error ?? change.error;
  // A refusal none of whose fields is on the form (a stale version, a job type) shows above the buttons.
  const generalError =
    failed instanceof ApiError && !(failed.body?.Errors ?? []).some((e) => FIELDS[e.Field])
      ? failed.message
      : null;

  const submit = form.handleSubmit(async (v) => {
    const fields = {
      Name: v.Name,
      StartDate: v.StartDate,
      EndDate: v.EndDate || null,
      IntervalMonths: v.IntervalMonths.trim() ? Number(v.IntervalMonths) : null,
      CounterId: v.CounterId ? Number(v.CounterId) : null,
      CounterInterval: v.CounterId && v.CounterInterval.trim() ? v.CounterInterval.trim() : null,
      ContractId: v.ContractId ? Number(v.ContractId) : null,
    };
    try {
      if (editing)
        await change.mutateAsync({
          id: editing.Id,
          body: { ...fields, IsActive: v.IsActive, RowVersion: editing.RowVersion },
        });
      else await create.mutateAsync({ active: v.IsActive, body: { ...fields, MachineId: v.Machine!.Id } });
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (wire) => FIELDS[wire] ?? null);
    }
  });

  const title = editing ? t('agreements.edit') : t('agreements.new');
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
        {editing ? (
          <TextField
            label={t('fields.machine')}
            value={[editing.MachineName, editing.CustomerName].join(' · ')}
            // Read-only rather than disabled: still readable at full contrast, and in the tab order.
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t('agreements.machineFixed')}
          />
        ) : (
          <Controller
            control={form.control}
            name="Machine"
            render={({ field }) => (
              <SearchDropdown<MachineItem>
                label={t('fields.machine')}
                value={picked}
                onChange={(v) => {
                  const m = v as MachineItem | null;
                  setPicked(m);
                  field.onChange(
                    m ? { Id: m.Id, Name: m.DisplayName || m.Name, CustomerId: m.CustomerId } : null,
                  );
                  form.setValue('CounterId', '');
                  form.setValue('ContractId', '');
                }}
                fetchPage={fetchPage}
                getId={(m) => m.Id}
                getLabel={(m) => m.DisplayName || m.Name}
                getSecondary={(m) => [m.SerialNumber, m.CustomerName].filter(Boolean).join(' · ')}
                testId="agreement-machine"
                {...(problem('Machine') ? { error: problem('Machine') } : {})}
              />
            )}
          />
        )}
        <TextField label={t('fields.name')} required {...text('Name')} />
        <StartEndDates start={dateField('StartDate')} end={dateField('EndDate')} />
        <TextField
          label={t('fields.intervalMonths')}
          inputMode="numeric"
          {...text('IntervalMonths')}
          helperText={problem('IntervalMonths') ?? t('fields.intervalHelp')}
        />
        <Controller
          control={form.control}
          name="CounterId"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.counter')}
              // Until the counters are read, none is shown (MUI wants a value among its options).
              value={counters.data?.some((c) => String(c.Id) === field.value) ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={!counters.data?.length}
              error={!!problem('CounterId')}
              helperText={problem('CounterId')}
            >
              <MenuItem value="">{t('fields.none')}</MenuItem>
              {(counters.data ?? []).map((c) => (
                <MenuItem key={c.Id} value={String(c.Id)}>
                  {c.Name || t(`counterTypes.${c.CounterType}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {counterId ? (
          <TextField label={t('fields.counterInterval')} inputMode="decimal" {...text('CounterInterval')} />
        ) : null}
        <Controller
          control={form.control}
          name="ContractId"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.contract')}
              value={contracts.data?.Content.some((c) => String(c.Id) === field.value) ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={!contracts.data?.Content.length}
              error={!!problem('ContractId')}
              helperText={problem('ContractId')}
            >
              <MenuItem value="">{t('fields.none')}</MenuItem>
              {(contracts.data?.Content ?? []).map((c) => (
                <MenuItem key={c.Id} value={String(c.Id)}>
                  {c.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="IsActive"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('fields.active')}
            />
          )}
        />
        {generalError ? <Alert severity="error">{generalError}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}
