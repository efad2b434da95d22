import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Shortest search word sent (001 §5: 3 characters for customer and machine search). */
const MIN_SEARCH = 3;

/** The word a list is searched by: empty, or at least three characters. */
export const effectiveSearch = (text: string) => {
  const word = text.trim();
  return word.length >= MIN_SEARCH ? word : '';
};

/** A list's search input with a clear button; shorter than three characters it says so. */
export function SearchField(props: { label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('common');
  const short = props.value.trim().length > 0 && props.value.trim().length < MIN_SEARCH;
  return (
    <TextField
      type="search"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={short ? t('typeThreeChars') : undefined}
      sx={{ width: { xs: '100%', sm: 360 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: props.value ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('clearSearch')} onClick={() => props.onChange('')}>
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
