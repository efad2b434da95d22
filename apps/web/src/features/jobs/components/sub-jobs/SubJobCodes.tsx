import type { SupplierFailureCode } from '@fieldport/contract';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFailureCodes, useJobCategories, useRepairPlaces, useWarrantyTypes } from '../../api/new-job.ts';
import type { LookupOption } from '../new-job/LookupSelect.tsx';

/** The four codes of a machine line (000 §3), each an id or null. */
export interface SubJobCodeValues {
  WarrentyTypeId: number | null | undefined;
  RepairPlaceId: number | null | undefined;
  JobCategoryId: number | null | undefined;
  SupplierFailureCodeId: number | null | undefined;
}
export type SubJobCodeName = keyof SubJobCodeValues;

const codeLabel = (c: SupplierFailureCode) =>
  [c.SupplierName, c.Code, c.Description].filter(Boolean).join(' · ');

function CodeSelect(props: {
  id: string;
  label: string;
  value: number | null | undefined;
  options: LookupOption[] | undefined;
  readOnly: boolean;
  disabled: boolean;
  onChange(v: number | null): void;
}) {
  const { t } = useTranslation('jobs');
  const known = props.value != null && (props.options ?? []).some((o) => o.Id === props.value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      id={props.id}
      label={props.label}
      value={known ? String(props.value) : ''}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { readOnly: props.readOnly } }}
    >
      <MenuItem value="">
        <em>{t('subJobs.none')}</em>
      </MenuItem>
      {(props.options ?? []).map((o) => (
        <MenuItem key={o.Id} value={String(o.Id)}>
          {o.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Warranty type, repair place, job category and supplier failure code of a machine line, over the
 * lookups New job uses. Each choice is handed up at once (a saved sub-job saves it then).
 */
export function SubJobCodes(props: {
  idPrefix: string;
  values: SubJobCodeValues;
  readOnly: boolean;
  disabled?: boolean;
  onChange(name: SubJobCodeName, value: number | null): void;
}) {
  const { t } = useTranslation('jobs');
  const warranty = useWarrantyTypes();
  const places = useRepairPlaces();
  const categories = useJobCategories();
  const codes = useFailureCodes();
  const { idPrefix: p, values: v, readOnly } = props;
  const disabled = props.disabled ?? false;
  const select = (
    name: Exclude<SubJobCodeName, 'SupplierFailureCodeId'>,
    id: string,
    label: string,
    options: LookupOption[] | undefined,
  ) => (
    <CodeSelect
      id={`${p}-${id}`}
      label={label}
      value={v[name]}
      options={options}
      readOnly={readOnly}
      disabled={disabled}
      onChange={(next) => props.onChange(name, next)}
    />
  );
  return (
    <>
      {select('WarrentyTypeId', 'warranty', t('subJobs.warrantyType'), warranty.data)}
      {select('RepairPlaceId', 'repair-place', t('subJobs.repairPlace'), places.data)}
      {select('JobCategoryId', 'category', t('subJobs.jobCategory'), categories.data)}
      <Autocomplete<SupplierFailureCode>
        id={`${p}-failure-code`}
        size="small"
        options={codes.data ?? []}
        value={(codes.data ?? []).find((c) => c.Id === v.SupplierFailureCodeId) ?? null}
        onChange={(_, c) => props.onChange('SupplierFailureCodeId', c ? c.Id : null)}
        getOptionLabel={codeLabel}
        isOptionEqualToValue={(a, b) => a.Id === b.Id}
        noOptionsText={t('subJobs.noFailureCodes')}
        readOnly={readOnly}
        disabled={disabled}
        renderInput={(params) => <TextField {...params} label={t('subJobs.failureCode')} />}
      />
    </>
  );
}
