import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useArticleLookup } from '../api/stock.ts';

export interface PickedArticle {
  Id: number;
  Number: string;
  Name: string;
  Unit: string;
}

/**
 * An article of the catalogue chosen by number or name (three characters, 700 ms, as every search
 * dropdown: 002 §5), whether or not a store holds it yet.
 */
export function ArticlePicker(props: {
  value: PickedArticle | null;
  onChange(article: PickedArticle | null): void;
  error?: string | undefined;
  /** Another label than 'Article' (and then not required). */
  label?: string;
}) {
  const { t } = useTranslation('stock');
  const [input, setInput] = useState('');
  const word = useDebouncedValue(input.trim(), 700);
  const options = useArticleLookup(word);
  return (
    <Autocomplete
      value={props.value}
      onChange={(_, v) => props.onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={options.data ?? []}
      filterOptions={(x) => x}
      loading={options.isFetching}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      getOptionLabel={(a) => `${a.Number} · ${a.Name}`}
      noOptionsText={t('noArticles')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label ?? t('article')}
          placeholder={t('articleSearch')}
          required={!props.label}
          error={!!props.error}
          helperText={props.error}
        />
      )}
    />
  );
}
