import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type Article, useArticleSearch } from '../api.ts';

/** Finds an article by number or name (article/search, from three characters) and hands it over. */
export function ArticlePicker(props: { onPick: (article: Article) => void; disabled?: boolean }) {
  const { t } = useTranslation('articles');
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const found = useArticleSearch(q);
  return (
    <Autocomplete<Article>
      options={found.data ?? []}
      filterOptions={(o) => o}
      getOptionLabel={(a) => `${a.ArticleNumber} ${a.Name}`}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      loading={found.isFetching}
      disabled={props.disabled ?? false}
      value={null}
      inputValue={input}
      onInputChange={(_, v, reason) => setInput(reason === 'reset' ? '' : v)}
      onChange={(_, a) => {
        if (a) props.onPick(a);
      }}
      noOptionsText={q.length < 3 ? t('picker.minChars') : t('picker.none')}
      sx={{ minWidth: 280, flex: 1 }}
      renderInput={(params) => <TextField {...params} size="small" label={t('picker.label')} />}
    />
  );
}
