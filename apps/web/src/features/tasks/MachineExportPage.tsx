import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportFiles } from './ExportFiles.tsx';
import { useStartMachineExport } from './mutations.ts';

/**
 * MachineExport (/dashboard/machine-export, 002 §7.7): starts the machine export task, and lists the
 * files the exports made (the newest marked when a finished task's link leads here) to download or delete.
 */
export default function MachineExportPage() {
  const { t } = useTranslation('machines');
  const startExport = useStartMachineExport(t('export.started'));
  const [includeInactive, setIncludeInactive] = useState(false);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h6" component="h2">
        {t('export.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('export.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
        <FormControlLabel
          control={
            <Switch checked={includeInactive} onChange={(e) => setIncludeInactive(e.target.checked)} />
          }
          label={t('export.includeInactive')}
        />
        <Button
          variant="contained"
          startIcon={<FileDownload />}
          onClick={async () => {
            await startExport.mutateAsync(includeInactive);
          }}
        >
          {t('export.start')}
        </Button>
      </Stack>
      <ExportFiles />
    </Box>
  );
}
