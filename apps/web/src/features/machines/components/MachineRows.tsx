import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import type { MachineListItem } from '../api/machines.ts';
import { InactiveIcon } from './InactiveIcon.tsx';
import { RecordRowsHeader } from './RecordRow.tsx';

const COLUMNS = { xs: 'minmax(0, 1fr)', md: 'minmax(0,2fr) minmax(0,1fr) minmax(0,1.5fr) minmax(0,1.5fr)' };

/** Column headings of machine rows (desktop and tablet). */
export function MachineRowsHeader() {
  const { t } = useTranslation('machines');
  return (
    <RecordRowsHeader
      titles={[t('fields.name'), t('fields.serialNumber'), t('fields.model'), t('fields.customer')]}
      columns={COLUMNS}
    />
  );
}

/**
 * A machine of a list: name, serial number, model and customer; inactive machines greyed with the off
 * icon. Opens the machine.
 */
export function MachineRow({ machine }: { machine: MachineListItem }) {
  const { t } = useTranslation('machines');
  const inactive = !machine.IsActive;
  const cell = (label: string, value: string | null | undefined) => (
    <Typography variant="body2" noWrap title={value ?? ''} sx={{ color: 'inherit' }}>
      <Box component="span" sx={{ display: { md: 'none' }, color: 'text.secondary', mr: 0.5 }}>
        {label}:
      </Box>
      {value || '–'}
    </Typography>
  );
  return (
    <ListItemButton
      component={Link}
      to={pathFor('ViewMachineInfo', { machineId: String(machine.Id) })}
      data-testid={`machine-row-${machine.Id}`}
      data-inactive={inactive ? 'true' : undefined}
      divider
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        gap: { xs: 0.25, md: 2 },
        alignItems: 'center',
        color: inactive ? 'text.secondary' : 'text.primary',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {inactive ? <InactiveIcon /> : null}
        <Typography noWrap sx={{ fontWeight: 500, color: 'inherit' }} title={machine.Name}>
          {machine.Name}
        </Typography>
      </Box>
      {cell(t('fields.serialNumber'), machine.SerialNumber)}
      {cell(t('fields.model'), machine.MachineModel?.Name)}
      {cell(t('fields.customer'), machine.CustomerName)}
    </ListItemButton>
  );
}
