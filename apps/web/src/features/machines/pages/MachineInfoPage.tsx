import AddCircle from '@mui/icons-material/AddCircle';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { rules, useRuleMessage } from '../../../lib/forms/rules.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import { type Machine, useMachine } from '../api/machines.ts';
import { useChangeMachine, useRenewLabelLink, useSetMachineActive } from '../api/mutations.ts';
import { ActiveSwitch } from '../components/ActiveSwitch.tsx';
import { AddressSelect } from '../components/AddressSelect.tsx';
import { ChangeModelDialog } from '../components/ChangeModelDialog.tsx';
import { MachineQrCard } from '../components/MachineQrCard.tsx';
import { PageState } from '../components/PageState.tsx';
import { RecordColumns } from '../components/RecordColumns.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { TransferDialog } from '../components/TransferDialog.tsx';
import { useAssetTypesEnabled, useCanEditMachines } from '../hooks/access.ts';
import { useRouteId } from '../hooks/use-route-id.ts';

type Editable = 'Name' | 'SerialNumber' | 'Qrcode' | 'InstallDate';

/**
 * ViewMachineInfo: the machine's edit form (001 §5: commit on blur when changed and valid, Escape
 * cancels, Enter leaves the field, asterisk on required), its active toggle and QR code; header actions
 * move it to another customer and change its model, and New job (Admin, Technician) opens New job with
 * the machine and its customer chosen.
 */
export default function MachineInfoPage() {
  const id = useRouteId('machineId');
  const machine = useMachine(id);
  if (!machine.data) return <PageState error={machine.error ?? (Number.isNaN(id) ? true : undefined)} />;
  return <MachineInfo machine={machine.data} />;
}

function MachineInfo({ machine }: { machine: Machine }) {
  const { t } = useTranslation(['machines', 'common', 'routes']);
  const check = useRuleMessage();
  const canEdit = useCanEditMachines();
  const canCreateJob = useCan('Module.NewJob');
  const assetTypes = useAssetTypesEnabled();
  const changeMachine = useChangeMachine(machine.Id);
  const renewLabelLink = useRenewLabelLink(machine.Id);
  const setMachineActive = useSetMachineActive(machine);
  const [dialog, setDialog] = useState<'transfer' | 'model' | null>(null);

  const actions = useMemo<HeaderAction[]>(
    () => [
      ...(canCreateJob
        ? [
            {
              id: 'machine-new-job',
              label: t('routes:NewJob'),
              icon: <AddCircle />,
              to: pathFor(
                'NewJobStart',
                { filter: 'my' },
                { customerId: String(machine.CustomerId), machineId: String(machine.Id) },
              ),
            },
          ]
        : []),
      ...(canEdit
        ? [
            {
              id: 'machine-transfer',
              label: t('transfer.action'),
              icon: <DriveFileMove />,
              onClick: () => setDialog('transfer'),
            },
            {
              id: 'machine-change-model',
              label: t('changeModel.action'),
              icon: <SwapHoriz />,
              onClick: () => setDialog('model'),
            },
          ]
        : []),
    ],
    [canEdit, canCreateJob, machine.CustomerId, machine.Id, t],
  );
  useHeaderActions(actions);

  const change = (
    fields: Partial<Pick<Machine, Editable | 'DeliveryAddressId' | 'LabelReportsExcluded' | 'RowVersion'>>,
  ) => changeMachine.mutateAsync(fields);

  const setActive = (wanted: boolean) => setMachineActive.mutateAsync(wanted);

  const field = (
    name: Editable,
    label: string,
    rule = rules.text(100),
    extra: { required?: boolean; type?: 'date' } = {},
  ) => (
    <CommitField
      version={machine.RowVersion}
      name={name}
      label={label}
      value={machine[name] ?? ''}
      validate={check(rule)}
      readOnly={!canEdit}
      {...extra}
      onCommit={(v) =>
        change({
          [name]: name === 'Qrcode' || name === 'InstallDate' ? v || null : v,
          RowVersion: machine.RowVersion,
        })
      }
    />
  );

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <RecordHeading
        name={machine.Name}
        active={machine.IsActive}
        details={[machine.SerialNumber, machine.CustomerName].filter(Boolean).join(' · ')}
        actions={
          <ActiveSwitch
            active={machine.IsActive}
            setActive={setActive}
            disabled={!canEdit}
            testId="machine-active"
          />
        }
      />
      <RecordColumns main={2} side={1}>
        <Stack spacing={2}>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-labelledby="machine-details-heading"
          >
            <Typography variant="subtitle1" component="h3" id="machine-details-heading" sx={{ mb: 2 }}>
              {t('info.detailsHeading')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                gap: 2,
              }}
            >
              {field('Name', t('fields.name'), rules.text(200, { required: true }), { required: true })}
              {field('SerialNumber', t('fields.serialNumber'))}
              {field('Qrcode', t('fields.qrCode'))}
              {field('InstallDate', t('fields.installDate'), rules.all(), { type: 'date' })}
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <AddressSelect
                  customerId={machine.CustomerId}
                  value={machine.DeliveryAddressId}
                  onChange={(addressId) => void change({ DeliveryAddressId: addressId }).catch(() => {})}
                  readOnly={!canEdit}
                  name="DeliveryAddressId"
                />
              </Box>
            </Box>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="machine-owner-heading">
            <Typography variant="subtitle1" component="h3" id="machine-owner-heading" sx={{ mb: 1 }}>
              {t('info.ownerHeading')}
            </Typography>
            <Facts>
              <Fact label={t('fields.customer')}>
                <Link
                  component={RouterLink}
                  to={pathFor('ViewCustomer', { customerId: String(machine.CustomerId) })}
                  data-testid="machine-customer"
                >
                  {machine.CustomerName}
                </Link>
              </Fact>
              <Fact label={t('fields.model')}>{machine.MachineModel?.Name}</Fact>
              <Fact label={t('fields.machineType')}>{machine.MachineModel?.MachineType?.Name}</Fact>
              <Fact label={t('fields.supplier')}>{machine.Supplier?.Name}</Fact>
              {assetTypes ? <Fact label={t('fields.assetType')}>{machine.AssetType?.Name}</Fact> : null}
            </Facts>
          </Paper>
        </Stack>
        <MachineQrCard
          machine={machine}
          canEdit={canEdit}
          onAssign={(code) => change({ Qrcode: code })}
          onExclude={(excluded) => change({ LabelReportsExcluded: excluded })}
          onRenewLink={() => renewLabelLink.mutateAsync(machine.RowVersion)}
        />
      </RecordColumns>
      {dialog === 'transfer' ? (
        <TransferDialog machine={machine} onClose={() => setDialog(null)} onMoved={() => setDialog(null)} />
      ) : null}
      {dialog === 'model' ? (
        <ChangeModelDialog
          machine={machine}
          onClose={() => setDialog(null)}
          onChanged={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || t('notProvided')}
      </Typography>
    </>
  );
}
