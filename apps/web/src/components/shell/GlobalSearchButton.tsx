import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LazyTooltip } from './LazyTooltip.tsx';
import { SearchFieldSlot } from './search-slot.ts';

/**
 * The header's search (001 §2.13): a button that opens the search field, which the search feature
 * provides through `SearchFieldSlot` and which loads when first opened (decision 012). The field closes
 * on every navigation after it opened; its text is kept here, so it is still there when it reopens.
 */
export function GlobalSearchButton({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const load = useContext(SearchFieldSlot);
  const Field = useMemo(() => (load ? lazy(load) : null), [load]);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const openedAt = useRef<string | null>(null);

  // A navigation the router had already made when the field opened (its page still loading, so the
  // render shows the old address) is not one to close for: the browser's history entry names it.
  useEffect(() => {
    if (location.key !== openedAt.current) setOpen(false);
  }, [location.key]);
  const openField = () => {
    const entry = window.history.state as { key?: unknown } | null;
    openedAt.current = typeof entry?.key === 'string' ? entry.key : location.key;
    setOpen(true);
  };
  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);

  if (!load || !Field) return null;
  const button = (
    <LazyTooltip title={t('search.open')}>
      <IconButton
        onClick={openField}
        // Pointing at the button starts the field's download, so it is usually there by the click.
        onPointerEnter={() => void load()}
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
      <Field query={query} onQueryChange={setQuery} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
