import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathFor } from '../../app/access.ts';

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

  if (!open) {
    return (
      <Tooltip title={t('search.open')}>
        <IconButton onClick={() => setOpen(true)} aria-label={t('search.open')} color="inherit">
          <Search />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <form onSubmit={submit} style={{ flex: '1 1 240px', maxWidth: 420 }}>
      <TextField
        autoFocus
        size="small"
        fullWidth
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        placeholder={t('search.placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('search.label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" onClick={() => setOpen(false)} aria-label={t('search.close')}>
                  <Close fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
