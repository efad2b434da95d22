import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/feedback/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { callApi } from '../../lib/api/client.ts';
import { taskKeys, useTaskList } from './api.ts';
import { useDeleteExport, useStartMachineExport } from './mutations.ts';

/** Saves a downloaded file under its name (the browser's own download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * MachineExport (/dashboard/machine-export, 002 §7.7): starts the machine export task, and lists the
 * files the exports made (the newest marked when a finished task's link leads here) to download or delete.
 */
export default function MachineExportPage() {
  const { t } = useTranslation('machines');
  const startExport = useStartMachineExport(t('export.started'));
  const deleteExport = useDeleteExport();
  const confirm = useConfirm();
  const [params] = useSearchParams();
  const [includeInactive, setIncludeInactive] = useState(false);
  const tasks = useTaskList();
  // Read again each time another export has finished: its file is then in the list.
  const finished =
    tasks.data?.filter((x) => x.taskName === 'ExportMachines' && x.status === 'completed').length ?? 0;
  const files = useQuery({
    queryKey: [...taskKeys.exports, finished],
    queryFn: ({ signal }) => callApi('exportList', {}, { signal }),
  });
  const highlighted = params.get('displayedExportDate');

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
      <Typography variant="subtitle2" component="h3">
        {t('export.files')}
      </Typography>
      <Paper variant="outlined">
        {files.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('export.empty')}
          </Typography>
        ) : (
          <List aria-label={t('export.files')}>
            {files.data?.map((f) => (
              <ListItem
                key={f.DisplayedExportDate}
                divider
                aria-current={f.DisplayedExportDate === highlighted ? 'true' : undefined}
                sx={f.DisplayedExportDate === highlighted ? { bgcolor: 'action.selected' } : undefined}
                data-testid="export-file"
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('export.download')}
                      onClick={async () =>
                        save(
                          await callApi('exportFile', {
                            query: { displayedExportDate: f.DisplayedExportDate },
                          }),
                          f.FileName,
                        )
                      }
                    >
                      <FileDownload />
                    </IconButton>
                    <IconButton
                      aria-label={t('export.delete')}
                      onClick={async () => {
                        const ok = await confirm({
                          title: t('export.deleteTitle'),
                          message: t('export.deleteMessage', { name: f.FileName }),
                        });
                        if (!ok) return;
                        await deleteExport.mutateAsync(f.DisplayedExportDate);
                      }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={f.FileName}
                  secondary={`${formatDateTime(f.DisplayedExportDate)} · ${t('export.size', { kb: Math.max(1, Math.round(f.Size / 1024)) })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
