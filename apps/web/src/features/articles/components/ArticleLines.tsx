import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualList } from '../../../components/paged-list/index.ts';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import type { Article } from '../api.ts';
import { ArticlePicker } from './ArticlePicker.tsx';

export interface ArticleLine {
  key: number;
  ArticleNumber: string;
  Name: string;
  Unit: string;
  Quantity: number;
}

/**
 * A list of articles with quantities (a model's common parts, a job category's articles, up to 1,000):
 * add by article search, quantity saved when left, remove; with `onMove`, drag to reorder or move with
 * the up and down buttons (or Alt+Arrow on a row). Virtualised: only the rows in view are drawn, the
 * arrow keys alone move between rows.
 */
export function ArticleLines(props: {
  label: string;
  lines: ArticleLine[];
  editable: boolean;
  onAdd: (article: Article) => void;
  onQuantity: (line: ArticleLine, quantity: string) => void;
  onRemove: (line: ArticleLine) => void;
  /** Moves a line to a place, from 1. */
  onMove?: (line: ArticleLine, position: number) => void;
}) {
  const { t } = useTranslation('articles');
  const unitText = useUnitText();
  const [dragged, setDragged] = useState<number | null>(null);
  const { lines, onMove } = props;
  const rows = lines.map((line) => ({ Id: line.key, line }));
  const move = (index: number, to: number) => {
    if (onMove && to >= 0 && to < lines.length && to !== index) onMove(lines[index]!, to + 1);
  };
  return (
    <Box>
      {props.editable ? (
        <Box sx={{ display: 'flex', mb: 2, maxWidth: 600 }}>
          <ArticlePicker onPick={props.onAdd} />
        </Box>
      ) : null}
      {lines.length === 0 ? (
        <Typography variant="body2">{t('lines.empty')}</Typography>
      ) : (
        <VirtualList
          items={rows}
          label={props.label}
          estimateSize={57}
          listTestId="article-lines"
          sx={{ maxHeight: '70vh' }}
          renderItem={({ line }, index) => (
            <ListItem
              component="div"
              divider
              draggable={props.editable && !!onMove}
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onKeyDown={(e) => {
                if (!e.altKey || !onMove) return;
                if (e.key === 'ArrowUp') move(index, index - 1);
                else if (e.key === 'ArrowDown') move(index, index + 1);
                else return;
                // Alt+Arrow moves the line; the list's own arrow keys (to the next row) stay out of it.
                e.preventDefault();
                e.stopPropagation();
              }}
              data-testid={`article-line-${line.key}`}
              sx={{ gap: 1, flexWrap: 'wrap' }}
            >
              {props.editable && onMove ? <DragIndicator aria-hidden sx={{ cursor: 'grab' }} /> : null}
              <ListItemText primary={`${line.ArticleNumber} · ${line.Name}`} sx={{ minWidth: 200 }} />
              <TextField
                key={`${line.key}-${line.Quantity}`}
                size="small"
                label={t('fields.quantity')}
                defaultValue={String(line.Quantity)}
                disabled={!props.editable}
                onBlur={(e) => {
                  if (e.target.value.trim() !== String(line.Quantity))
                    props.onQuantity(line, e.target.value.trim());
                }}
                sx={{ width: 120 }}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <Typography variant="caption">{unitText(line.Unit)}</Typography> },
                }}
              />
              {props.editable && onMove ? (
                <>
                  <IconButton
                    aria-label={t('lines.moveUp', { name: line.Name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={t('lines.moveDown', { name: line.Name })}
                    disabled={index === lines.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                </>
              ) : null}
              {props.editable ? (
                <IconButton
                  aria-label={t('lines.remove', { name: line.Name })}
                  onClick={() => props.onRemove(line)}
                >
                  <Delete />
                </IconButton>
              ) : null}
            </ListItem>
          )}
        />
      )}
    </Box>
  );
}
