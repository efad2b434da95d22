import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Check from '@mui/icons-material/Check';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/feedback/index.ts';
import { usePreference } from '../../../lib/preferences.ts';
import {
  deleteFilter,
  FILTER_NAME_MAX,
  filterNameProblem,
  isChoiceOf,
  isEmptyChoice,
  type JobListChoice,
  readSavedFilters,
  SAVED_FILTERS_MAX,
  saveFilter,
} from '../job-list-filters.ts';

/**
 * The job list's saved filters (CustomJobListFilterList, 000 §3): a dialog that saves the filter
 * chosen now under a name (the same name replaces it), lists the saved ones to apply, and deletes them.
 */
export function SavedJobFilters({
  choice,
  onApply,
}: {
  choice: JobListChoice;
  onApply(choice: JobListChoice): void;
}) {
  const { t } = useTranslation('jobs');
  const snackbar = useSnackbar();
  const titleId = useId();
  const [stored, setStored] = usePreference('CustomJobListFilterList');
  const saved = readSavedFilters(stored);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = filterNameProblem(name);
  const nothingChosen = isEmptyChoice(choice);
  const full = saved.length >= SAVED_FILTERS_MAX && !saved.some((f) => f.Name === name.trim());
  const error = touched && problem ? t(`filters.${problem}`, { max: FILTER_NAME_MAX }) : null;

  const save = () => {
    setTouched(true);
    if (problem || nothingChosen) return;
    const next = saveFilter(saved, name, choice);
    if (!next) {
      snackbar.show({ text: t('filters.full', { max: SAVED_FILTERS_MAX }), severity: 'warning' });
      return;
    }
    setStored(next);
    snackbar.show({ text: t('filters.saved', { name: name.trim() }), severity: 'success' });
    setName('');
    setTouched(false);
  };

  return (
    <>
      <Button startIcon={<BookmarkBorder />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('filters.savedFilters')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('filters.savedFilters')}</DialogTitle>
        <DialogContent>
          {saved.length === 0 ? (
            <Typography color="text.secondary">{t('filters.noneSaved')}</Typography>
          ) : (
            <List dense aria-label={t('filters.savedFilters')} data-testid="saved-filters">
              {saved.map((f) => {
                const current = isChoiceOf(f, choice);
                return (
                  <ListItem
                    key={f.Name}
                    disablePadding
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={t('filters.delete', { name: f.Name })}
                        onClick={() => {
                          setStored(deleteFilter(saved, f.Name));
                          snackbar.show({ text: t('filters.deleted', { name: f.Name }), severity: 'info' });
                        }}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    }
                  >
                    <ListItemButton
                      selected={current}
                      aria-label={t('filters.apply', { name: f.Name })}
                      onClick={() => {
                        onApply({
                          SearchWord: f.SearchWord,
                          JobTypeIdList: f.JobTypeIdList,
                          JobPriorityIdList: f.JobPriorityIdList,
                          OrderDepartmentIdList: f.OrderDepartmentIdList,
                        });
                        setOpen(false);
                      }}
                    >
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        {current ? <Check fontSize="small" /> : null}
                      </ListItemIcon>
                      <ListItemText primary={f.Name} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ mt: 2, alignItems: 'flex-start' }}
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <TextField
              size="small"
              label={t('filters.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(name.length > 0)}
              error={Boolean(error)}
              helperText={error ?? (nothingChosen ? t('filters.nothingChosen') : t('filters.saveHint'))}
              slotProps={{ htmlInput: { maxLength: FILTER_NAME_MAX + 10 } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={nothingChosen || full} sx={{ mt: 0.25 }}>
              {t('filters.save')}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('filters.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
