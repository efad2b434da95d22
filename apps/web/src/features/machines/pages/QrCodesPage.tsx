import { QR_LIST_DEFAULT, QR_LIST_MAX } from '@fieldport/contract';
import Close from '@mui/icons-material/Close';
import Print from '@mui/icons-material/Print';
import QrCode2 from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, callApi, isCancelled } from '../../../lib/api/client.ts';
import { useCreateQrCodes } from '../api/qr.ts';
import { QrImage } from '../components/QrImage.tsx';

/** A label of the sheet: the code, the link it encodes and, when a machine carries it, its name. */
export interface QrLabel {
  Qrcode: string;
  Link: string;
  MachineName: string | null;
}

const SHEET_KEY = 'fp.qr-sheet';
const loadSheet = (): QrLabel[] => {
  try {
    const raw = sessionStorage.getItem(SHEET_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as QrLabel[]) : [];
  } catch {
    return [];
  }
};

/** The label of a code: its link, and the machine's name when a machine the user may see carries it. */
async function lookup(code: string, signal?: AbortSignal): Promise<QrLabel> {
  const link = await callApi(
    'qrLink',
    { params: { id: code } },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return { Qrcode: link.Qrcode, Link: link.Link, MachineName: link.MachineName };
}

/** The sheet with more labels at the end; a code already on it is not added twice. */
const merge = (prev: QrLabel[], more: QrLabel[]) => [
  ...prev,
  ...more.filter(
    (m, i) => !prev.some((p) => p.Qrcode === m.Qrcode) && more.findIndex((o) => o.Qrcode === m.Qrcode) === i,
  ),
];

/** The problem of a wanted label count (002 §9: at least 1, at most 200 a call), as a key of 'machines'. */
function countProblem(text: string): { key: string; values?: Record<string, number> } | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return { key: 'qr.countWhole' };
  const n = Number(value);
  if (n < 1) return { key: 'qr.countMin' };
  if (n > QR_LIST_MAX) return { key: 'qr.countMax', values: { max: QR_LIST_MAX } };
  return null;
}

/**
 * Only the label sheet prints: everything that is neither the sheet nor one of its ancestors is hidden,
 * and the ancestors (the shell's fixed-height, scrolling boxes) let the sheet run over as many pages as
 * it needs.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '10mm' },
        'html, body': { background: '#fff !important' },
        'body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *)': {
          display: 'none !important',
        },
        'body *:has([data-print-root])': {
          display: 'block !important',
          position: 'static !important',
          height: 'auto !important',
          minHeight: '0 !important',
          maxHeight: 'none !important',
          overflow: 'visible !important',
          margin: '0 !important',
          padding: '0 !important',
          border: '0 !important',
          boxShadow: 'none !important',
          background: 'transparent !important',
        },
        '[data-no-print]': { display: 'none !important' },
      },
    }}
  />
);

/**
 * QrCodes (/qr-codes): makes new QR codes (qr/CreateList, 5 by default, at most 200 a call) and shows them
 * as printable labels with the code's image and text, and the machine's name when a machine carries the
 * code. Codes given as ?code=… (from a machine) and codes typed in are looked up and added too. Print
 * prints the labels only.
 */
export default function QrCodesPage() {
  const { t } = useTranslation(['machines', 'validation']);
  const [params, setParams] = useSearchParams();
  const [labels, setLabels] = useState<QrLabel[]>(loadSheet);
  const [count, setCount] = useState(String(QR_LIST_DEFAULT));
  const [refusal, setRefusal] = useState<string | null>(null);
  const createCodes = useCreateQrCodes({ silent: true });
  const generating = createCodes.isPending;
  const [existing, setExisting] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const imagesLoading = useIsFetching({ queryKey: ['machines', 'qr-image'] }) > 0;

  useEffect(() => {
    try {
      sessionStorage.setItem(SHEET_KEY, JSON.stringify(labels));
    } catch {
      // Storage full or off: the sheet lasts for this page.
    }
  }, [labels]);

  const add = (more: QrLabel[]) => setLabels((prev) => merge(prev, more));

  // Codes handed over in the address (the machine page's 'Print label').
  const wanted = params.getAll('code').join('\n');
  const handled = useRef('');
  useEffect(() => {
    if (!wanted || handled.current === wanted) return;
    const ctrl = new AbortController();
    void Promise.allSettled(wanted.split('\n').map((c) => lookup(c, ctrl.signal))).then((results) => {
      if (ctrl.signal.aborted) return;
      handled.current = wanted;
      setLabels((prev) =>
        merge(
          prev,
          results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
        ),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed && !isCancelled(failed.reason))
        setLookupError(
          (failed.reason instanceof ApiError && failed.reason.body?.Message) || t('qr.lookupFailed'),
        );
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('code');
          return next;
        },
        { replace: true },
      );
    });
    return () => ctrl.abort();
  }, [wanted, setParams, t]);

  const problem = countProblem(count);
  const countError = problem ? t(problem.key, problem.values ?? {}) : null;

  async function generate(e: FormEvent) {
    e.preventDefault();
    if (problem) return;
    setRefusal(null);
    try {
      const codes = await createCodes.mutateAsync(Number(count));
      add(codes.map((c) => ({ Qrcode: c.Qrcode, Link: c.Link, MachineName: null })));
    } catch (err) {
      if (!isCancelled(err))
        setRefusal((err instanceof ApiError && err.body?.Message) || t('qr.createFailed'));
    }
  }

  async function addExisting(e: FormEvent) {
    e.preventDefault();
    const code = existing.trim();
    if (!code) return;
    setLooking(true);
    setLookupError(null);
    try {
      add([await lookup(code)]);
      setExisting('');
    } catch (err) {
      if (!isCancelled(err))
        setLookupError((err instanceof ApiError && err.body?.Message) || t('qr.lookupFailed'));
    } finally {
      setLooking(false);
    }
  }

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      {printStyles}
      <Stack spacing={2} data-no-print sx={{ mb: 3, maxWidth: 1100 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="form"
            onSubmit={(e) => void generate(e)}
            noValidate
          >
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
              {t('qr.generateHeading')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('qr.count')}
                value={count}
                onChange={(e) => {
                  setCount(e.target.value);
                  setRefusal(null);
                }}
                size="small"
                required
                error={!!countError}
                helperText={countError ?? t('qr.countHint', { max: QR_LIST_MAX })}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'qr-count' } }}
                sx={{ width: 180 }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<QrCode2 />}
                disabled={!!problem}
                loading={generating}
                sx={{ mt: '1px' }}
              >
                {t('qr.generate')}
              </Button>
            </Stack>
            {refusal ? (
              <Alert severity="error" role="alert" sx={{ mt: 1.5 }} data-testid="qr-refusal">
                {refusal}
              </Alert>
            ) : null}
          </Paper>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="form"
            onSubmit={(e) => void addExisting(e)}
            noValidate
          >
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
              {t('qr.existingHeading')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('qr.existingCode')}
                value={existing}
                onChange={(e) => {
                  setExisting(e.target.value);
                  setLookupError(null);
                }}
                size="small"
                autoComplete="off"
                error={!!lookupError}
                helperText={lookupError ?? undefined}
                sx={{ flex: 1, maxWidth: 260 }}
              />
              <Button
                type="submit"
                variant="outlined"
                loading={looking}
                disabled={!existing.trim()}
                sx={{ mt: '1px' }}
              >
                {t('qr.addExisting')}
              </Button>
            </Stack>
          </Paper>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={<Print />}
            onClick={() => window.print()}
            disabled={labels.length === 0 || imagesLoading}
          >
            {t('qr.print')}
          </Button>
          <Button onClick={() => setLabels([])} disabled={labels.length === 0}>
            {t('qr.clear')}
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {labels.length === 0
              ? t('qr.noLabels')
              : imagesLoading
                ? t('qr.preparing')
                : t('qr.labelCount', { count: labels.length })}
          </Typography>
        </Stack>
      </Stack>
      {labels.length > 0 ? (
        <Box
          data-print-root
          data-testid="qr-sheet"
          aria-label={t('qr.sheet')}
          role="list"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 1.5,
            '@media print': {
              display: 'grid !important',
              gridTemplateColumns: 'repeat(4, 1fr)',
              gap: '4mm',
            },
          }}
        >
          {labels.map((label) => (
            <Box
              key={label.Qrcode}
              role="listitem"
              data-testid="qr-label"
              sx={{
                position: 'relative',
                border: '1px dashed',
                borderColor: 'divider',
                borderRadius: 1,
                p: 1.5,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 0.5,
                bgcolor: '#fff',
                color: '#000',
                breakInside: 'avoid',
                '@media print': { borderColor: '#999', p: '2mm' },
              }}
            >
              <IconButton
                data-no-print
                size="small"
                aria-label={t('qr.remove', { code: label.Qrcode })}
                onClick={() => setLabels((prev) => prev.filter((p) => p.Qrcode !== label.Qrcode))}
                sx={{ position: 'absolute', top: 2, right: 2, color: '#666' }}
              >
                <Close fontSize="small" />
              </IconButton>
              <QrImage link={label.Link} code={label.Qrcode} size={120} />
              <Typography sx={{ fontFamily: 'monospace', fontSize: 14, letterSpacing: 1, color: 'inherit' }}>
                {label.Qrcode}
              </Typography>
              {label.MachineName ? (
                <Typography variant="caption" sx={{ color: 'inherit', textAlign: 'center' }} noWrap>
                  {label.MachineName}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
