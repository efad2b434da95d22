import { MIN_SEARCH_LENGTH, TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomerList } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/useCustomerRights.ts';
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

  const word = keyword.trim();
  const tooShort = word.length > 0 && word.length < MIN_SEARCH_LENGTH;
  const query = useCustomerList(tooShort ? '' : word);

  const actions = useMemo<HeaderAction[]>(
    () =>
      rights.canCreate
        ? [{ id: 'new-customer', label: t('new_customer'), icon: <Add />, onClick: () => setCreating(true) }]
        : [],
    [rights.canCreate, t],
  );
  useHeaderActions(actions);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          p: { xs: 1, sm: 2 },
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <TextField
          label={t('search_label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          type="search"
          sx={{ flex: '1 1 260px', maxWidth: 520 }}
          helperText={tooShort ? t('dropdown:type_three_chars') : undefined}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="customer-count">
          {query.isSuccess ? t('count', { count: query.total }) : ''}
        </Typography>
      </Box>
      <PagedList
        list={query}
        label={t('list_label')}
        loading="spinner"
        errorContent={
          <Typography sx={{ p: 3 }} color="error">
            {t('list_failed')}
          </Typography>
        }
        emptyText={word && !tooShort ? t('no_match', { word }) : t('none_yet')}
        renderItem={(c) => <CustomerRow customer={c} />}
        estimateSize={73}
        testId="customer-list-scroll"
        listTestId="customer-list"
      />
      {rights.canCreate ? <CreateCustomerDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}
