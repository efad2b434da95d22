import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveSearch, SearchField } from '../../../../components/paged-list/index.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import type { NewJobArticle } from '../../api/new-job.ts';
import { useArticleSuggestions } from '../../api/parts.ts';

/** 001 §5: a search waits 700 ms after typing. */
const SEARCH_DEBOUNCE_MS = 700;

/**
 * The article picker (001 §2.3 picker=article): the catalogue's active articles found by number or
 * name (from three characters, at most 100: article/search), each ticked or not; the articles already
 * chosen start ticked and stay ticked while another word is searched. Done hands back the ticked ones.
 * A dialog filling the screen on phones.
 */
export function ArticlePickerDialog(props: {
  chosen: readonly string[];
  onClose(): void;
  /** The ticked articles' numbers, those already chosen first, and the newly ticked articles. */
  onDone(numbers: string[], added: NewJobArticle[]): void;
}) {
  const { t } = useTranslation('jobs');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
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
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="article-picker-title"
    >
      <DialogTitle id="article-picker-title">{t('newJob.articlePicker.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }}>
        {/* Room above the field for its outlined label, which the content's top edge would cut. */}
        <Box sx={{ pt: 1 }}>
          <SearchField label={t('newJob.articlePicker.search')} value={text} onChange={setText} />
        </Box>
        <Box sx={{ height: phone ? undefined : 360, flex: phone ? 1 : undefined, overflow: 'auto' }}>
          {!word ? (
            <Typography color="text.secondary">{t('newJob.articlePicker.typeToSearch')}</Typography>
          ) : found.isPending ? (
            <Typography color="text.secondary">{t('newJob.articlePicker.searching')}</Typography>
          ) : articles.length === 0 ? (
            <Typography color="text.secondary">{t('newJob.articlePicker.noMatch')}</Typography>
          ) : (
            <List disablePadding aria-label={t('newJob.articlePicker.list')} data-testid="article-picker">
              {articles.map((a) => {
                const on = ticked.has(a.ArticleNumber);
                return (
                  <ListItemButton
                    key={a.Id}
                    onClick={() => toggle(a)}
                    selected={on}
                    role="checkbox"
                    aria-checked={on}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={on}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-hidden': true } }}
                      />
                    </ListItemIcon>
                    <ListItemText primary={a.Name} secondary={a.ArticleNumber} />
                  </ListItemButton>
                );
              })}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('newJob.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() =>
            props.onDone(
              numbers,
              [...ticked.values()].filter((a): a is NewJobArticle => a !== null),
            )
          }
        >
          {t('newJob.articlePicker.done', { count: numbers.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
