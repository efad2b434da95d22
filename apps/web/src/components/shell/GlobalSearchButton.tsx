import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { LazyTooltip } from './LazyTooltip.tsx';

// The field loads when the search is first opened: it is not shown at first paint (decision 012).
const loadField = () => import('./GlobalSearchField.tsx');
const GlobalSearchField = lazy(loadField);

/**
 * The header's search (001 §2.13). This issue gives it the open/close field that leads to the search
 * results page; the grouped live lookups come with the global search feature. Closes on route change.
 */
export function GlobalSearchButton({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the address changes
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);
  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    navigate(pathFor('SearchResults', {}, { q }));
  };

  const button = (
    <LazyTooltip title={t('search.open')}>
      <IconButton
        onClick={() => setOpen(true)}
        // Pointing at the button starts the field's download, so it is usually there by the click.
        onPointerEnter={() => void loadField()}
        aria-label={t('search.open')}
        color="inherit"
      >
        <Search />
      </IconButton>
    </LazyTooltip>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <GlobalSearchField
        query={query}
        onQueryChange={setQuery}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}
