import { EXPORT_KINDS } from '@fieldport/contract';
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
import { useStartExport } from './mutations.ts';

/**
 * Export (/admin/import-export/export, 001 §2.4): the Admin starts an export of the customers, the
 * machines or the jobs as a background task, and downloads or deletes the files the exports made.
 */
export default function ExportPage() {
  const { t } = useTranslation('importexport');
  const startExport = useStartExport(t('export.started'));
  const [includeInactive, setIncludeInactive] = useState(false);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 860 }}>
      <Typography variant="h6" component="h2">
        {t('export.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('export.help')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={includeInactive} onChange={(e) => setIncludeInactive(e.target.checked)} />}
        label={t('export.includeInactive')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
        {EXPORT_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="contained"
            startIcon={<FileDownload />}
            disabled={startExport.isPending}
            onClick={() => startExport.mutate({ Kind: kind, IncludeInactive: includeInactive })}
          >
            {t(`export.start${kind}`)}
          </Button>
        ))}
      </Stack>
      <ExportFiles />
    </Box>
  );
}
