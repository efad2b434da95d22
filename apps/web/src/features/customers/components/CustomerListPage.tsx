import { TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomerList } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/use-customer-rights.ts';
import { CreateCustomerDialog } from './CreateCustomerDialog.tsx';
import { CustomerRow } from './CustomerRow.tsx';

/** The query parameter that holds the search word (001 §2.3). */
const KEYWORD_PARAM = 'CL-filter-keyword';

/**
 * CustomerList (000 §2, 001 §2.6): the search word in ?CL-filter-keyword, pages of 50 loaded at 90
 * percent scroll into the one virtualised list, inactive customers greyed; New only per the standalone/ERP rule and the permission.
 */
export default function CustomerListPage() {
  const { t } = useTranslation('customers');
  const rights = useCustomerRights();
  const [params, setParams] = useSearchParams();
  const keyword = params.get(KEYWORD_PARAM) ?? '';
  const [text, setText] = useState(keyword);
  const settled = useDebouncedValue(text, TEXT_SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);

  // The typed word goes to the address (replacing, so Back leaves the list).
  useEffect(() => {
    if (settled.trim() === keyword.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (settled.trim()) next.set(KEYWORD_PARAM, settled.trim());
        else next.delete(KEYWORD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [settled, keyword, setParams]);
  // Back and forward change the address: the field follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an address change updates the field
  useEffect(() => {
    if (keyword.trim() !== text.trim()) setText(keyword);
  }, [keyword]);

  const word = effectiveSearch(keyword);
  const query = useCustomerList(word);

  const actions = useMemo<HeaderAction[]>(
    () =>
      rights.canCreate
        ? [{ id: 'new-customer', label: t('new_customer'), icon: <Add />, onClick: () => setCreating(true) }]
        : [],
    [rights.canCreate, t],
  );
  useHeaderActions(actions);

  return (
    <ListLayout
      tools={<SearchField label={t('search_label')} value={text} onChange={setText} />}
      count={query.isSuccess ? t('count', { count: query.total }) : null}
    >
      <PagedList
        list={query}
        label={t('list_label')}
        loading="spinner"
        errorContent={
          <Typography sx={{ p: 3 }} color="error">
            {t('list_failed')}
          </Typography>
        }
        emptyText={word ? t('no_match', { word }) : t('none_yet')}
        renderItem={(c) => <CustomerRow customer={c} />}
        estimateSize={73}
        testId="customer-list-scroll"
        listTestId="customer-list"
      />
      {rights.canCreate ? <CreateCustomerDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </ListLayout>
  );
}
