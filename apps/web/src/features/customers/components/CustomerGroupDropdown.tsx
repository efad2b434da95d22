import type { Ref } from '@fieldport/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client.ts';
import { RefDropdown, type RefPageFetcher } from './RefDropdown.tsx';

const fetchGroups: RefPageFetcher = (query, signal) =>
  callApi('customerGroupFiltered', { query }, signal ? { signal } : {});

/** Customer groups in the shared search dropdown (CustomerGroup/Filtered). */
export function CustomerGroupDropdown(props: {
  value: Ref | null;
  onChange(group: Ref | null): void;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('customers');
  return <RefDropdown label={t('field.CustomerGroupId')} fetch={fetchGroups} {...props} />;
}
