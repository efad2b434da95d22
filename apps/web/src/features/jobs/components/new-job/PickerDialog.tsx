import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../../components/paged-list/index.ts';

/** Whether the picker fills the screen (phones): its list then takes the height left. */
export function usePhonePicker() {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}

/**
 * The frame of the New job's pickers (001 §2.3 picker=machine, picker=article): a title, a search
 * field, the list of choices, Cancel and Done. A dialog filling the screen on phones.
 */
export function PickerDialog(props: {
  title: string;
  searchLabel: string;
  search: string;
  onSearch(text: string): void;
  doneText: string;
  doneTestId?: string;
  onClose(): void;
  onDone(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const phone = usePhonePicker();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }}>
        {/* Room above the field for its outlined label, which the content's top edge would cut. */}
        <Box sx={{ pt: 1 }}>
          <SearchField label={props.searchLabel} value={props.search} onChange={props.onSearch} />
        </Box>
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('newJob.cancel')}</Button>
        <Button
          variant="contained"
          onClick={props.onDone}
          {...(props.doneTestId ? { 'data-testid': props.doneTestId } : {})}
        >
          {props.doneText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A choice of a picker: a row ticked or not, read as a checkbox. */
export function PickerRow(props: {
  on: boolean;
  onToggle(): void;
  primary: ReactNode;
  secondary: ReactNode;
  testId?: string;
}) {
  return (
    <ListItemButton
      onClick={props.onToggle}
      selected={props.on}
      role="checkbox"
      aria-checked={props.on}
      {...(props.testId ? { 'data-testid': props.testId } : {})}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Checkbox
          edge="start"
          checked={props.on}
          tabIndex={-1}
          disableRipple
          slotProps={{ input: { 'aria-hidden': true } }}
        />
      </ListItemIcon>
      <ListItemText primary={props.primary} secondary={props.secondary} />
    </ListItemButton>
  );
}
