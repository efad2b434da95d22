import type { MachineListItem } from '@fieldport/contract';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveSearch, PagedList, SearchField } from '../../../../components/paged-list/index.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { useCustomerMachinePages } from '../../api/new-job.ts';

/** 001 §5: the machine search waits 700 ms after typing. */
const SEARCH_DEBOUNCE_MS = 700;

/** Serial number (unless the display name has it), model and type. */
const secondary = (m: MachineListItem) =>
  [
    m.SerialNumber && !m.DisplayName.includes(m.SerialNumber) ? m.SerialNumber : '',
    m.MachineModel?.Name,
    m.MachineModel?.MachineType?.Name,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The machine picker (001 §2.3 picker=machine): the customer's active machines, searchable, each
 * ticked or not; the machines already chosen start ticked. Done hands back the ticked ones.
 * A dialog filling the screen on phones.
 */
export function MachinePickerDialog(props: {
  customerId: number;
  chosen: number[];
  onClose(): void;
  /** The ticked machines' ids: those already chosen first, in their order, then the added ones. */
  onDone(ids: number[]): void;
}) {
  const { t } = useTranslation('jobs');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const search = useDebouncedValue(effectiveSearch(text), SEARCH_DEBOUNCE_MS);
  const list = useCustomerMachinePages(props.customerId, search);
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(props.chosen));
  const toggle = (m: MachineListItem) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (next.has(m.Id)) next.delete(m.Id);
      else next.add(m.Id);
      return next;
    });
  const ids = [...ticked.keys()];

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="machine-picker-title"
    >
      <DialogTitle id="machine-picker-title">{t('newJob.picker.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }}>
        {/* Room above the field for its outlined label, which the content's top edge would cut. */}
        <Box sx={{ pt: 1 }}>
          <SearchField label={t('newJob.picker.search')} value={text} onChange={setText} />
        </Box>
        <PagedList<MachineListItem>
          list={list}
          label={t('newJob.picker.list')}
          emptyText={search ? t('newJob.picker.noMatch') : t('newJob.picker.none')}
          estimateSize={64}
          testId="machine-picker"
          sx={{ height: phone ? '100%' : 360, flex: phone ? 1 : undefined }}
          renderItem={(m) => {
            const on = ticked.has(m.Id);
            return (
              <ListItemButton
                onClick={() => toggle(m)}
                selected={on}
                role="checkbox"
                aria-checked={on}
                data-testid={`pick-machine-${m.Id}`}
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
                <ListItemText primary={m.DisplayName || m.Name} secondary={secondary(m)} />
              </ListItemButton>
            );
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('newJob.cancel')}</Button>
        <Button variant="contained" onClick={() => props.onDone(ids)} data-testid="machine-picker-done">
          {t('newJob.picker.done', { count: ids.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
