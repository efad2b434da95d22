import type { Api, RouteOutput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SearchDropdown,
  type SearchDropdownPageArgs,
} from '../../../components/search-dropdown/SearchDropdown.tsx';
import { ApiError, callApi } from '../../../lib/api/client.ts';
import { useCreateAgreement } from '../api/mutations.ts';

type MachineItem = RouteOutput<Api['machineFiltered']>['Content'][number];
const today = () => new Date().toLocaleDateString('sv-SE');

/** A new service agreement: the machine, a start, and a date interval, a counter interval or both. */
export function NewAgreementDialog(props: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('agreements');
  const [machine, setMachine] = useState<MachineItem | null>(null);
  const [name, setName] = useState('');
  const [start, setStart] = useState(today());
  const [months, setMonths] = useState('6');
  const [counterId, setCounterId] = useState('');
  const [counterInterval, setCounterInterval] = useState('');
  const [contractId, setContractId] = useState('');
  const [active, setActive] = useState(true);
  const create = useCreateAgreement();
  const counters = useQuery({
    queryKey: ['agreements', 'machine-counters', machine?.Id],
    queryFn: ({ signal }) => callApi('counterOfMachine', { params: { id: machine!.Id } }, { signal }),
    enabled: !!machine,
  });
  const contracts = useQuery({
    queryKey: ['agreements', 'customer-contracts', machine?.CustomerId],
    queryFn: ({ signal }) =>
      callApi(
        'contractFiltered',
        { query: { CustomerId: String(machine!.CustomerId), ItemsPerPage: 100 } },
        { signal },
      ),
    enabled: !!machine,
  });
  const fetchPage = useCallback(
    (a: SearchDropdownPageArgs) =>
      callApi(
        'machineFiltered',
        {
          body: {
            Page: a.Page,
            ItemsPerPage: a.ItemsPerPage,
            SearchWord: a.SearchWord || null,
            PrependItemIdList: a.PrependItemIdList,
            IncludeInactive: false,
          },
        },
        { signal: a.signal },
      ),
    [],
  );
  const error =
    create.error instanceof ApiError ? create.error.message : create.error ? String(create.error) : null;
  const save = () => {
    if (!machine) return;
    create.mutate(
      {
        active,
        body: {
          MachineId: machine.Id,
          Name: name,
          StartDate: start,
          IntervalMonths: months ? Number(months) : null,
          CounterId: counterId ? Number(counterId) : null,
          CounterInterval: counterInterval || null,
          ContractId: contractId ? Number(contractId) : null,
        },
      },
      { onSuccess: props.onClose },
    );
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-agreement-title"
    >
      <DialogTitle id="new-agreement-title">{t('agreements.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchDropdown<MachineItem>
            label={t('fields.machine')}
            value={machine}
            onChange={(v) => {
              setMachine(v as MachineItem | null);
              setCounterId('');
              setContractId('');
            }}
            fetchPage={fetchPage}
            getId={(m) => m.Id}
            getLabel={(m) => m.DisplayName || m.Name}
            getSecondary={(m) => [m.SerialNumber, m.CustomerName].filter(Boolean).join(' · ')}
            testId="agreement-machine"
          />
          <TextField
            label={t('fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            type="date"
            label={t('fields.startDate')}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="number"
            label={t('fields.intervalMonths')}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            helperText={t('fields.intervalHelp')}
          />
          <TextField
            select
            label={t('fields.counter')}
            value={counterId}
            onChange={(e) => setCounterId(e.target.value)}
            disabled={!counters.data?.length}
          >
            <MenuItem value="">{t('fields.none')}</MenuItem>
            {(counters.data ?? []).map((c) => (
              <MenuItem key={c.Id} value={String(c.Id)}>
                {c.Name || t(`counterTypes.${c.CounterType}`)}
              </MenuItem>
            ))}
          </TextField>
          {counterId ? (
            <TextField
              label={t('fields.counterInterval')}
              value={counterInterval}
              onChange={(e) => setCounterInterval(e.target.value)}
              inputMode="decimal"
            />
          ) : null}
          <TextField
            select
            label={t('fields.contract')}
            value={contractId}
            onChange={(e) => setContractId(e.target.value)}
            disabled={!contracts.data?.Content.length}
          >
            <MenuItem value="">{t('fields.none')}</MenuItem>
            {(contracts.data?.Content ?? []).map((c) => (
              <MenuItem key={c.Id} value={String(c.Id)}>
                {c.Name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={t('fields.active')}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common:cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!machine || !name.trim() || create.isPending}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
