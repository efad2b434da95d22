import type { Ref } from '@fieldport/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDropdown, type SearchDropdownPageArgs } from '../../../components/search-dropdown/index.ts';
import { callApi } from '../../../lib/api/client.ts';

/** Partner companies in the shared search dropdown (PartnerCompany/Filtered, pages of 100). */
export function PartnerCompanyDropdown(props: {
  value: Ref | null;
  onChange(group: Ref | null): void;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('customers');
  const fetchPage = useCallback(
    async ({ SearchWord, Page, ItemsPerPage, signal }: SearchDropdownPageArgs) => {
      const page = await callApi(
        'partnerCompanyFiltered',
        { query: { Page, ItemsPerPage, ...(SearchWord ? { SearchWord } : {}) } },
        { signal },
      );
      return {
        Content: page.Content.map((g) => ({ Id: g.Id, Name: g.Name })),
        TotalCount: page.TotalCount,
      };
    },
    [],
  );
  return (
    <SearchDropdown<Ref>
      label={t('field.PartnerCompanyId')}
      value={props.value}
      onChange={(v) => props.onChange(Array.isArray(v) ? (v[0] ?? null) : v)}
      fetchPage={fetchPage}
      getId={(g) => g.Id}
      getLabel={(g) => g.Name}
      getSecondary={(g) => t('id_short', { id: g.Id })}
      clearable
      size="small"
      disabled={props.disabled}
      readOnly={props.readOnly}
      helperText={props.helperText}
    />
  );
}
