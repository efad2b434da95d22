import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/feedback/index.ts';
import { VirtualList } from '../../components/paged-list/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { callApi } from '../../lib/api/client.ts';
import { taskKeys, useTaskList } from './api.ts';
import { useDeleteExport } from './mutations.ts';

/** Saves a downloaded file under its name (the browser's own download). */
export function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The caller's export files (002 §7.7 Export/), newest first, to download or delete; read again each
 * time an export task has finished, and the one named by the route's displayedExportDate marked.
 */
export function ExportFiles() {
  const { t } = useTranslation('machines');
  const deleteExport = useDeleteExport();
  const confirm = useConfirm();
  const [params] = useSearchParams();
  const tasks = useTaskList();
  const finished =
    tasks.data?.filter((x) => x.taskName.startsWith('Export') && x.status === 'completed').length ?? 0;
  const files = useQuery({
    queryKey: [...taskKeys.exports, finished],
    queryFn: ({ signal }) => callApi('exportList', {}, { signal }),
  });
  const highlighted = params.get('displayedExportDate');
  const items = (files.data ?? []).map((f) => ({ ...f, Id: f.DisplayedExportDate }));

  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {t('export.files')}
      </Typography>
      <Paper variant="outlined">
        {files.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('export.empty')}
          </Typography>
        ) : (
          <VirtualList
            items={items}
            label={t('export.files')}
            estimateSize={61}
            sx={{ maxHeight: '60vh' }}
            renderItem={(f) => (
              <ListItem
                component="div"
                divider
                aria-current={f.DisplayedExportDate === highlighted ? 'true' : undefined}
                sx={f.DisplayedExportDate === highlighted ? { bgcolor: 'action.selected' } : undefined}
                data-testid="export-file"
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={`${t('export.download')} ${f.FileName}`}
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
                      aria-label={`${t('export.delete')} ${f.FileName}`}
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
            )}
          />
        )}
      </Paper>
    </>
  );
}
