import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog choosing one of a few targets (the machine job a line moves to, the line it is linked
 * under) in a labelled select, keyboard reachable; the action button hands the choice back.
 */
export function ChooseDialog(props: {
  title: string;
  label: string;
  action: string;
  options: { id: number; label: string }[];
  busy: boolean;
  onClose(): void;
  onChoose(id: number): void;
  testId: string;
}) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const [chosen, setChosen] = useState<number | ''>(props.options.length === 1 ? props.options[0]!.id : '');
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={props.label}
          value={chosen}
          onChange={(e) => setChosen(Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': `${props.testId}-select` } }}
        >
          {props.options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen === '' || props.busy}
          onClick={() => chosen !== '' && props.onChoose(chosen)}
          data-testid={`${props.testId}-confirm`}
        >
          {props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
