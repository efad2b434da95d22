import type { Ref } from '@fieldport/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client.ts';
import { RefDropdown, type RefPageFetcher } from './RefDropdown.tsx';

const fetchPartners: RefPageFetcher = (query, signal) =>
  callApi('partnerCompanyFiltered', { query }, signal ? { signal } : {});

/** Partner companies in the shared search dropdown (PartnerCompany/Filtered). */
export function PartnerCompanyDropdown(props: {
  value: Ref | null;
  onChange(company: Ref | null): void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('customers');
  return <RefDropdown label={t('field.PartnerCompanyId')} fetch={fetchPartners} {...props} />;
}
