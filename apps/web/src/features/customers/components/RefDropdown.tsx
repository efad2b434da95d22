import type { Ref } from '@fieldport/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDropdown, type SearchDropdownPageArgs } from '../../../components/search-dropdown/index.ts';

/** A page of records by id and name, as the …/Filtered calls of reference data answer. */
export type RefPageFetcher = (
  query: { Page: number; ItemsPerPage: number; SearchWord?: string },
  signal: AbortSignal | undefined,
) => Promise<{ Content: Ref[]; TotalCount: number }>;

/** Reference data (customer groups, partner companies) in the shared search dropdown, pages of 100. */
export function RefDropdown(props: {
  label: string;
  fetch: RefPageFetcher;
  value: Ref | null;
  onChange(value: Ref | null): void;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('customers');
  const { fetch } = props;
  const fetchPage = useCallback(
    async ({ SearchWord, Page, ItemsPerPage, signal }: SearchDropdownPageArgs) => {
      const page = await fetch({ Page, ItemsPerPage, ...(SearchWord ? { SearchWord } : {}) }, signal);
      return { Content: page.Content.map((r) => ({ Id: r.Id, Name: r.Name })), TotalCount: page.TotalCount };
    },
    [fetch],
  );
  return (
    <SearchDropdown<Ref>
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(Array.isArray(v) ? (v[0] ?? null) : v)}
      fetchPage={fetchPage}
      getId={(r) => r.Id}
      getLabel={(r) => r.Name}
      getSecondary={(r) => t('id_short', { id: r.Id })}
      clearable
      size="small"
      disabled={props.disabled}
      readOnly={props.readOnly}
      helperText={props.helperText}
    />
  );
}
