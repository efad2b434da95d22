import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveSearch } from '../../../../components/paged-list/index.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import type { NewJobArticle } from '../../api/new-job.ts';
import { useArticleSuggestions } from '../../api/parts.ts';
import { PickerDialog, PickerRow, usePhonePicker } from './PickerDialog.tsx';

/** 001 §5: a search waits 700 ms after typing. */
const SEARCH_DEBOUNCE_MS = 700;

/**
 * The article picker (001 §2.3 picker=article): the catalogue's active articles found by number or
 * name (from three characters, at most 100: article/search), each ticked or not; the articles already
 * chosen start ticked and stay ticked while another word is searched. Done hands back the ticked ones.
 */
export function ArticlePickerDialog(props: {
  chosen: readonly string[];
  onClose(): void;
  /** The ticked articles' numbers, those already chosen first, and the newly ticked articles. */
  onDone(numbers: string[], added: NewJobArticle[]): void;
}) {
  const { t } = useTranslation('jobs');
  const phone = usePhonePicker();
  const [text, setText] = useState('');
  const word = useDebouncedValue(effectiveSearch(text), SEARCH_DEBOUNCE_MS);
  const found = useArticleSuggestions(word);
  const [ticked, setTicked] = useState<Map<string, NewJobArticle | null>>(
    () => new Map(props.chosen.map((n) => [n, null])),
  );
  const toggle = (a: NewJobArticle) =>
    setTicked((prev) => {
      const next = new Map(prev);
      if (next.has(a.ArticleNumber)) next.delete(a.ArticleNumber);
      else next.set(a.ArticleNumber, a);
      return next;
    });
  const numbers = [...ticked.keys()];
  const articles = found.data ?? [];

  return (
    <PickerDialog
      title={t('newJob.articlePicker.title')}
      searchLabel={t('newJob.articlePicker.search')}
      search={text}
      onSearch={setText}
      doneText={t('newJob.articlePicker.done', { count: numbers.length })}
      onClose={props.onClose}
      onDone={() =>
        props.onDone(
          numbers,
          [...ticked.values()].filter((a): a is NewJobArticle => a !== null),
        )
      }
    >
      <Box sx={{ height: phone ? undefined : 360, flex: phone ? 1 : undefined, overflow: 'auto' }}>
        {!word ? (
          <Typography color="text.secondary">{t('newJob.articlePicker.typeToSearch')}</Typography>
        ) : found.isPending ? (
          <Typography color="text.secondary">{t('newJob.articlePicker.searching')}</Typography>
        ) : articles.length === 0 ? (
          <Typography color="text.secondary">{t('newJob.articlePicker.noMatch')}</Typography>
        ) : (
          <List disablePadding aria-label={t('newJob.articlePicker.list')} data-testid="article-picker">
            {articles.map((a) => (
              <PickerRow
                key={a.Id}
                on={ticked.has(a.ArticleNumber)}
                onToggle={() => toggle(a)}
                primary={a.Name}
                secondary={a.ArticleNumber}
              />
            ))}
          </List>
        )}
      </Box>
    </PickerDialog>
  );
}
