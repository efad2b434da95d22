import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDropdown, type SearchDropdownPageArgs } from '../search-dropdown/index.ts';
import {
  fetchAssetTypeOptions,
  fetchModelOptions,
  fetchSupplierOptions,
  fetchTypeOptions,
} from './ref-options.ts';

/**
 * Pickers of reference records (machine model, machine type, supplier, asset type): a SearchDropdown
 * over their lists, shared by the machines and the articles.
 */

/** A record as a picker holds it: its id and name. */
export interface Picked {
  Id: number;
  Name: string;
}

interface PickerProps {
  value: Picked | null;
  onChange(value: Picked | null): void;
  label?: string;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  testId?: string;
}

const pickedOf = (v: Picked | Picked[] | null): Picked | null => {
  const one = Array.isArray(v) ? (v[0] ?? null) : v;
  return one ? { Id: one.Id, Name: one.Name } : null;
};

function RefPicker(
  props: PickerProps & {
    label: string;
    fetchPage(args: SearchDropdownPageArgs): Promise<{ Content: Picked[]; TotalCount: number }>;
    isInactive?(item: Picked): boolean;
    getSecondary?(item: Picked): string | undefined;
  },
) {
  return (
    <SearchDropdown<Picked>
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(pickedOf(v))}
      fetchPage={props.fetchPage}
      getId={(m) => m.Id}
      getLabel={(m) => m.Name}
      {...(props.getSecondary ? { getSecondary: props.getSecondary } : {})}
      {...(props.isInactive ? { isInactive: props.isInactive } : {})}
      {...(props.clearable !== undefined ? { clearable: props.clearable } : { clearable: true })}
      {...(props.required !== undefined ? { required: props.required } : {})}
      {...(props.disabled !== undefined ? { disabled: props.disabled } : {})}
      {...(props.readOnly !== undefined ? { readOnly: props.readOnly } : {})}
      {...(props.error !== undefined ? { error: props.error } : {})}
      {...(props.testId !== undefined ? { testId: props.testId } : {})}
    />
  );
}

type ModelOption = Picked & { Supplier?: Picked | null; MachineType?: Picked | null };

/** Active machine models, of one supplier or machine type when given. */
export function ModelPicker(
  props: PickerProps & { supplierId?: number | null; machineTypeId?: number | null },
) {
  const { t } = useTranslation('machines');
  const { supplierId, machineTypeId } = props;
  const fetchPage = useCallback(
    (args: SearchDropdownPageArgs) =>
      fetchModelOptions({
        ...(supplierId ? { SupplierId: supplierId } : {}),
        ...(machineTypeId ? { MachineTypeId: machineTypeId } : {}),
      })(args),
    [supplierId, machineTypeId],
  );
  return (
    <RefPicker
      {...props}
      label={props.label ?? t('fields.model')}
      fetchPage={fetchPage}
      getSecondary={(m) =>
        [(m as ModelOption).MachineType?.Name, (m as ModelOption).Supplier?.Name]
          .filter(Boolean)
          .join(' · ') || undefined
      }
    />
  );
}

export function MachineTypePicker(props: PickerProps) {
  const { t } = useTranslation('machines');
  return <RefPicker {...props} label={props.label ?? t('fields.machineType')} fetchPage={fetchTypeOptions} />;
}

export function SupplierPicker(props: PickerProps) {
  const { t } = useTranslation('machines');
  return (
    <RefPicker
      {...props}
      label={props.label ?? t('fields.supplier')}
      fetchPage={fetchSupplierOptions}
      isInactive={(s) => (s as Picked & { IsActive?: boolean }).IsActive === false}
    />
  );
}

export function AssetTypePicker(props: PickerProps) {
  const { t } = useTranslation('machines');
  return (
    <RefPicker
      {...props}
      label={props.label ?? t('fields.assetType')}
      fetchPage={fetchAssetTypeOptions}
      isInactive={(s) => (s as Picked & { IsActive?: boolean }).IsActive === false}
    />
  );
}
