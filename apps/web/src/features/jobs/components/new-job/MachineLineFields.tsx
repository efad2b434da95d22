import type { SupplierFailureCode } from '@fieldport/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProblem, useTextField } from '../../../../lib/forms/zod-form.ts';
import { useFailureCodes, useJobCategories, useRepairPlaces, useWarrantyTypes } from '../../api/new-job.ts';
import { LookupSelect } from './LookupSelect.tsx';
import { MachineHeading } from './MachineName.tsx';
import type { NewJobOutput, NewJobValues } from './new-job-form.ts';

const codeLabel = (c: SupplierFailureCode) =>
  [c.SupplierName, c.Code, c.Description].filter(Boolean).join(' · ');

/**
 * One machine of the new job (000 §3 sub-job): the customer's comment (required, 000 §5), warranty
 * type, repair place, job category (the global default preset) and the supplier's failure code.
 */
export function MachineLineFields(props: {
  form: UseFormReturn<NewJobValues, unknown, NewJobOutput>;
  index: number;
  machineId: number;
  onRemove(): void;
}) {
  const { t } = useTranslation('jobs');
  const { form, index: i } = props;
  const text = useTextField(form);
  const problem = useFieldProblem(form);
  const warranty = useWarrantyTypes();
  const places = useRepairPlaces();
  const categories = useJobCategories();
  const codes = useFailureCodes();
  const prefix = `new-job-machine-${i}`;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`machine-line-${props.machineId}`}>
      <MachineHeading id={props.machineId} onRemove={props.onRemove} level="h3" />
      <Box
        sx={{
          mt: 1.5,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        <TextField
          {...text(`Machines.${i}.CustomerComment`)}
          id={`${prefix}-comment`}
          label={t('newJob.customerComment')}
          required
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
        />
        <LookupSelect
          control={form.control}
          name={`Machines.${i}.WarrentyTypeId`}
          id={`${prefix}-warranty`}
          label={t('newJob.warrantyType')}
          options={warranty.data}
          noneLabel={t('newJob.none')}
          problem={problem(`Machines.${i}.WarrentyTypeId`)}
        />
        <LookupSelect
          control={form.control}
          name={`Machines.${i}.RepairPlaceId`}
          id={`${prefix}-repair-place`}
          label={t('newJob.repairPlace')}
          options={places.data}
          noneLabel={t('newJob.none')}
          problem={problem(`Machines.${i}.RepairPlaceId`)}
        />
        <LookupSelect
          control={form.control}
          name={`Machines.${i}.JobCategoryId`}
          id={`${prefix}-category`}
          label={t('newJob.jobCategory')}
          options={categories.data}
          noneLabel={t('newJob.none')}
          problem={problem(`Machines.${i}.JobCategoryId`)}
        />
        <Controller
          control={form.control}
          name={`Machines.${i}.SupplierFailureCodeId`}
          render={({ field }) => (
            <Autocomplete<SupplierFailureCode>
              id={`${prefix}-failure-code`}
              options={codes.data ?? []}
              value={(codes.data ?? []).find((c) => c.Id === field.value) ?? null}
              onChange={(_, c) => field.onChange(c ? c.Id : null)}
              onBlur={field.onBlur}
              getOptionLabel={codeLabel}
              isOptionEqualToValue={(a, b) => a.Id === b.Id}
              noOptionsText={t('newJob.noFailureCodes')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('newJob.failureCode')}
                  error={!!problem(`Machines.${i}.SupplierFailureCodeId`)}
                  helperText={problem(`Machines.${i}.SupplierFailureCodeId`)}
                />
              )}
            />
          )}
        />
      </Box>
    </Paper>
  );
}
