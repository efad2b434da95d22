import type { MachineListItem } from '@fieldport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveSearch, PagedList } from '../../../../components/paged-list/index.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { useCustomerMachinePages } from '../../api/new-job.ts';
import { PickerDialog, PickerRow, usePhonePicker } from './PickerDialog.tsx';

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
 */
export function MachinePickerDialog(props: {
  customerId: number;
  chosen: number[];
  onClose(): void;
  /** The ticked machines' ids: those already chosen first, in their order, then the added ones. */
  onDone(ids: number[]): void;
}) {
  const { t } = useTranslation('jobs');
  const phone = usePhonePicker();
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
    <PickerDialog
      title={t('newJob.picker.title')}
      searchLabel={t('newJob.picker.search')}
      search={text}
      onSearch={setText}
      doneText={t('newJob.picker.done', { count: ids.length })}
      doneTestId="machine-picker-done"
      onClose={props.onClose}
      onDone={() => props.onDone(ids)}
    >
      <PagedList<MachineListItem>
        list={list}
        label={t('newJob.picker.list')}
        emptyText={search ? t('newJob.picker.noMatch') : t('newJob.picker.none')}
        estimateSize={64}
        testId="machine-picker"
        sx={{ height: phone ? '100%' : 360, flex: phone ? 1 : undefined }}
        renderItem={(m) => (
          <PickerRow
            on={ticked.has(m.Id)}
            onToggle={() => toggle(m)}
            primary={m.DisplayName || m.Name}
            secondary={secondary(m)}
            testId={`pick-machine-${m.Id}`}
          />
        )}
      />
    </PickerDialog>
  );
}
