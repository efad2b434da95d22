import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportFile,
  type ImportKind,
} from '@fieldport/contract';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { VirtualList } from '../../components/paged-list/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { importKeys } from './api.ts';
import { save } from './ExportFiles.tsx';
import { usePreviewImport, useRunImport } from './mutations.ts';

/** How often an import that runs is read again. */
const RUNNING_CHECK_MS = 1_000;

/**
 * Import (/admin/import-export/import) and ImportMachine (machines only), 001 §2.4: the Admin picks
 * what the file holds, uploads a workbook or CSV file, sees its first rows and every row's problems,
 * and imports it (all rows or none) as a background task whose report shows here.
 */
export default function ImportPage(props: { kind?: ImportKind }) {
  const { t } = useTranslation('importexport');
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<ImportKind>(props.kind ?? 'Customers');
  const [tooLarge, setTooLarge] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const previewImport = usePreviewImport();
  const runImport = useRunImport();
  const importId = Number(params.get('importId')) || null;
  const current = useQuery({
    queryKey: importKeys.one(importId ?? 0),
    queryFn: ({ signal }) => callApi('importGet', { params: { id: importId! } }, { signal }),
    enabled: importId !== null,
    refetchInterval: (q) => (q.state.data?.Status === 'queued' ? RUNNING_CHECK_MS : false),
  });
  const file = importId ? current.data : undefined;

  const choose = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setTooLarge(chosen.size > IMPORT_MAX_BYTES);
    if (chosen.size > IMPORT_MAX_BYTES) return;
    const answer = await previewImport.mutateAsync({ File: chosen, Kind: kind });
    setParams({ importId: String(answer.ImportId) }, { replace: true });
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h6" component="h2">
        {props.kind ? t('import.titleMachines') : t('import.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('import.help', { mb: IMPORT_MAX_BYTES / 1024 / 1024 })}
      </Typography>
      {props.kind ? null : (
        <FormControl sx={{ mb: 2 }}>
          <FormLabel id="import-kind">{t('import.kind')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="import-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as ImportKind)}
          >
            {IMPORT_KINDS.map((k) => (
              <FormControlLabel key={k} value={k} control={<Radio />} label={t(`kinds.${k}`)} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('import.columns', {
          columns: IMPORT_COLUMNS[kind].map((c) => (c.required ? `${c.name}*` : c.name)).join(', '),
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Button
          variant="contained"
          component="label"
          startIcon={<FileUpload />}
          disabled={previewImport.isPending}
        >
          {t('import.choose')}
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-file-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={async () =>
            save(await callApi('importTemplate', { params: { kind } }), `import-${kind.toLowerCase()}.xlsx`)
          }
        >
          {t('import.template')}
        </Button>
      </Stack>
      {previewImport.isPending ? <LinearProgress aria-label={t('import.reading')} sx={{ mb: 2 }} /> : null}
      {tooLarge ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('import.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 })}
        </Alert>
      ) : null}
      {file ? (
        <Preview file={file} running={runImport.isPending} onRun={() => runImport.mutate(file.ImportId)} />
      ) : null}
    </Box>
  );
}

/** A previewed file: what it holds, its problems, its first rows, and its import's state. */
function Preview(props: { file: ImportFile; running: boolean; onRun(): void }) {
  const { t } = useTranslation('importexport');
  const { file } = props;
  const problems = file.Problems.map((p, i) => ({ ...p, Id: i }));
  const rows = file.Rows.map((r) => ({ ...r, Id: r.Row }));
  return (
    <Stack spacing={2} data-testid="import-preview">
      <Typography variant="subtitle1" component="h3">
        {file.FileName}
      </Typography>
      <Typography variant="body2" data-testid="import-summary">
        {t('import.summary', { rows: file.RowCount, created: file.NewCount, problems: file.Problems.length })}
      </Typography>
      {file.Status === 'completed' && file.Report ? (
        <Alert severity="success" data-testid="import-report">
          {t('import.report', {
            created: file.Report.Created,
            updated: file.Report.Updated,
            unchanged: file.Report.Unchanged,
          })}
          {file.Kind === 'Machines' ? (
            <>
              {' '}
              <RouterLink to={pathFor('MachineList')}>{t('import.showMachines')}</RouterLink>
            </>
          ) : null}
        </Alert>
      ) : null}
      {file.Status === 'queued' ? <LinearProgress aria-label={t('import.running')} /> : null}
      {file.Status === 'failed' ? <Alert severity="error">{t('import.failed')}</Alert> : null}
      {file.Problems.length > 0 ? (
        <>
          <Alert severity="error">{t('import.hasProblems')}</Alert>
          <Paper variant="outlined">
            <VirtualList
              items={problems}
              label={t('import.problems')}
              estimateSize={49}
              listTestId="import-problems"
              sx={{ maxHeight: '40vh' }}
              renderItem={(p) => (
                <ListItem component="div" divider>
                  <ListItemText
                    primary={`${t('import.row', { row: p.Row })}${p.Column ? ` · ${p.Column}` : ''}`}
                    secondary={p.Message}
                  />
                </ListItem>
              )}
            />
          </Paper>
        </>
      ) : null}
      {file.Status === 'previewed' && file.Problems.length === 0 ? (
        <Box>
          <Button variant="contained" disabled={props.running} onClick={props.onRun}>
            {t('import.run', { count: file.RowCount })}
          </Button>
        </Box>
      ) : null}
      {rows.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('import.firstRows', { count: rows.length })}
          </Typography>
          <Paper variant="outlined">
            <VirtualList
              items={rows}
              label={t('import.firstRows', { count: rows.length })}
              estimateSize={57}
              listTestId="import-rows"
              sx={{ maxHeight: '50vh' }}
              renderItem={(r) => (
                <ListItem component="div" divider>
                  <ListItemText
                    primary={t('import.row', { row: r.Row })}
                    secondary={file.Columns.map((c) => `${c}: ${r.Values[c] ?? ''}`).join(' · ')}
                  />
                </ListItem>
              )}
            />
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
