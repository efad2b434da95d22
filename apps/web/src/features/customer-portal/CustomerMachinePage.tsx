import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePortalMachine } from './api.ts';
import { FaultReportForm } from './FaultReportForm.tsx';

/**
 * CustomerPortalMachine (/my-company/machines/:machineId, issue 32): one of the company's machines as a
 * customer sees it (name, serial number, model, place) and its fault report form. Another company's
 * machine is not found (the server answers 404).
 */
export default function CustomerMachinePage() {
  const { t } = useTranslation('portal');
  const id = Number(useParams().machineId);
  const machine = usePortalMachine(id);
  const m = machine.data;
  const address = m?.DeliveryAddress;
  const facts: [string, string][] = m
    ? [
        [t('machine.serial'), m.SerialNumber],
        [t('machine.model'), m.MachineModel?.Name ?? ''],
        [t('machine.type'), m.MachineModel?.MachineType?.Name ?? ''],
        [
          t('machine.place'),
          address ? [address.Street, `${address.Zip} ${address.City}`.trim()].filter(Boolean).join(', ') : '',
        ],
      ]
    : [];
  return (
    <Box
      component="section"
      aria-labelledby="machine-title"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}
    >
      <Typography id="machine-title" component="h1" variant="h5">
        {m ? m.DisplayName || m.Name : t('machine.title')}
      </Typography>
      {machine.isError ? (
        <Typography role="alert" color="error">
          {t('machine.notFound')}
        </Typography>
      ) : null}
      {m ? (
        <>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
          </Box>
          <Paper variant="outlined" component="section" aria-labelledby="fault-title" sx={{ p: 2 }}>
            <Typography id="fault-title" component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('fault.title')}
            </Typography>
            <FaultReportForm machineId={m.Id} />
          </Paper>
        </>
      ) : null}
    </Box>
  );
}
