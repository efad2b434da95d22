import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchHistory } from '../history.ts';

/**
 * The head of the search results page (SearchResults, 001 §2.3): what was searched for, and a field to
 * search again; a new search is kept in the history like one from the header.
 */
export function SearchResultsBar({ query, onSearch }: { query: string; onSearch(query: string): void }) {
  const { t } = useTranslation('search');
  const history = useSearchHistory();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    history.add(q);
    onSearch(q);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        variant="subtitle1"
        component="h2"
        sx={{ flex: '1 1 240px', minWidth: 0 }}
        noWrap
        data-testid="search-heading"
      >
        {query ? t('page.heading', { query }) : t('page.noQuery')}
      </Typography>
      <TextField
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ flex: '0 1 320px' }}
        slotProps={{
          htmlInput: { 'aria-label': t('page.refine') },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" type="submit" aria-label={t('page.submit')}>
                  <Search fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
