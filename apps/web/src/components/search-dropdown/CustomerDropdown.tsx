import { CUSTOMER_DROPDOWN_PAGE_SIZE, type CustomerListItem } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client.ts';
import { SearchDropdown, type SearchDropdownPageArgs } from './SearchDropdown.tsx';

export interface CustomerDropdownProps {
  value: number | null;
  onChange(id: number | null, customer?: CustomerListItem): void;
  label?: string;
  clearable?: boolean;
  required?: boolean;
  /** A customer that may not be chosen (e.g. the customer itself as its own parent). */
  excludeId?: number;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  error?: string;
  testId?: string;
  size?: 'small' | 'medium';
}

/** A page of customers from customer/Filtered (dropdown paging, 40 a page). */
async function fetchCustomerPage(
  args: SearchDropdownPageArgs,
  excludeId?: number,
): Promise<{ Content: CustomerListItem[]; TotalCount: number }> {
  const { signal, ...query } = args;
  const page = await callApi(
    'customerFiltered',
    {
      query: {
        Page: query.Page,
        ItemsPerPage: query.ItemsPerPage,
        ...(query.SearchWord ? { SearchWord: query.SearchWord } : {}),
        ...(query.PrependItemIdList.length ? { PrependItemIdList: query.PrependItemIdList.map(String) } : {}),
      },
    },
    { signal },
  );
  if (excludeId === undefined) return page;
  const Content = page.Content.filter((c) => c.Id !== excludeId);
  return { Content, TotalCount: page.TotalCount - (page.Content.length - Content.length) };
}

const customerSecondary = (c: CustomerListItem): string =>
  [c.CustomerNumber, c.DefaultDeliveryAddress?.DisplayName].filter(Boolean).join(' · ');

/**
 * The customer search dropdown (000 §9: pages of 40) over customer/Filtered. The value is a customer
 * id; its name is looked up when the id is not one the user just picked, and 'Failed to get' shows
 * when that fails.
 */
export function CustomerDropdown(props: CustomerDropdownProps) {
  const { t } = useTranslation(['dropdown', 'common']);
  const { value, onChange, excludeId } = props;
  const [picked, setPicked] = useState<CustomerListItem | null>(null);
  const known = picked && picked.Id === value ? picked : null;
  const lookup = useQuery({
    queryKey: ['search-dropdown', 'customer', value],
    queryFn: async ({ signal }) => {
      const page = await callApi(
        'customerFiltered',
        { query: { Page: 1, ItemsPerPage: 1, PrependItemIdList: [String(value)] } },
        { signal, silent: true },
      );
      const found = page.Content.find((c) => c.Id === value);
      if (!found) throw new Error(`customer ${value} not found`);
      return found;
    },
    enabled: value !== null && !known,
    retry: false,
    staleTime: 60_000,
  });
  const current = value === null ? null : (known ?? lookup.data ?? null);
  const fetchPage = useCallback(
    (args: SearchDropdownPageArgs) => fetchCustomerPage(args, excludeId),
    [excludeId],
  );
  const failed = value !== null && !known && lookup.isError;

  return (
    <SearchDropdown<CustomerListItem>
      label={props.label ?? t('dropdown:customer')}
      value={current}
      onChange={(v) => {
        const c = Array.isArray(v) ? (v[0] ?? null) : v;
        setPicked(c);
        onChange(c ? c.Id : null, c ?? undefined);
      }}
      fetchPage={fetchPage}
      getId={(c) => c.Id}
      getLabel={(c) => c.Name}
      getSecondary={customerSecondary}
      isInactive={(c) => !c.IsActive}
      pageSize={CUSTOMER_DROPDOWN_PAGE_SIZE}
      {...(props.clearable !== undefined ? { clearable: props.clearable } : {})}
      {...(props.required !== undefined ? { required: props.required } : {})}
      {...(props.disabled !== undefined ? { disabled: props.disabled } : {})}
      {...(props.readOnly !== undefined ? { readOnly: props.readOnly } : {})}
      {...(props.testId !== undefined ? { testId: props.testId } : {})}
      {...(props.size !== undefined ? { size: props.size } : {})}
      valuePending={value !== null && current === null && !failed}
      {...(props.helperText !== undefined ? { helperText: props.helperText } : {})}
      {...(props.error !== undefined
        ? { error: props.error }
        : failed
          ? { error: t('common:failedToGet') }
          : {})}
    />
  );
}
