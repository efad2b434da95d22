import type { MachineListItem } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDropdown, type SearchDropdownPageArgs } from '../../../../components/search-dropdown/index.ts';
import { callApi } from '../../../../lib/api/client.ts';

/** A page of the customer's active machines (Machine/Filtered), the sub-job's own left out. */
async function machinePage(customerId: number, exceptId: number | null, args: SearchDropdownPageArgs) {
  const page = await callApi(
    'machineFiltered',
    {
      body: {
        CustomerId: customerId,
        IncludeInactive: false,
        Page: args.Page,
        ItemsPerPage: args.ItemsPerPage,
        ...(args.SearchWord ? { SearchWord: args.SearchWord } : {}),
        ...(args.PrependItemIdList.length ? { PrependItemIdList: args.PrependItemIdList } : {}),
      },
    },
    { signal: args.signal },
  );
  const Content = page.Content.filter((m) => m.Id !== exceptId);
  return { Content, TotalCount: page.TotalCount - (page.Content.length - Content.length) };
}

/**
 * Moving a sub-job to another machine of the job's customer (MachineJob/Transfer): the machine is
 * chosen in the search dropdown; Move hands it back.
 */
export function TransferDialog(props: {
  customerId: number;
  machineId: number | null;
  name: string;
  busy: boolean;
  onClose(): void;
  onMove(machineId: number): void;
}) {
  const { t } = useTranslation('jobs');
  const [target, setTarget] = useState<MachineListItem | null>(null);
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="sub-job-transfer-title">
      <DialogTitle id="sub-job-transfer-title">
        {t('subJobs.transferTitle', { name: props.name })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <SearchDropdown<MachineListItem>
            label={t('subJobs.transferTo')}
            value={target}
            onChange={(m) => setTarget(m as MachineListItem | null)}
            fetchPage={(args) => machinePage(props.customerId, props.machineId, args)}
            getId={(m) => m.Id}
            getLabel={(m) => m.DisplayName || m.Name}
            getSecondary={(m) => [m.SerialNumber, m.MachineModel?.Name].filter(Boolean).join(' · ')}
            testId="sub-job-transfer-machine"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('subJobs.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!target || props.busy}
          onClick={() => target && props.onMove(target.Id)}
          data-testid="sub-job-transfer-move"
        >
          {t('subJobs.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
