import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's open search field; its own chunk, as TextField brings Select, Menu and Popover along. */
export default function GlobalSearchField(props: {
  query: string;
  onQueryChange(query: string): void;
  onSubmit(event: FormEvent): void;
  onClose(): void;
}) {
  const { query, onQueryChange, onSubmit, onClose } = props;
  const { t } = useTranslation('shell');
  return (
    <form onSubmit={onSubmit} style={{ flex: '1 1 240px', maxWidth: 420 }}>
      <TextField
        autoFocus
        size="small"
        fullWidth
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
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
                <IconButton size="small" onClick={onClose} aria-label={t('search.close')}>
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
