import LinkOff from '@mui/icons-material/LinkOff';
import Print from '@mui/icons-material/Print';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import type { Machine } from '../api/machines.ts';
import { useCreateQrCodes, useQrLink } from '../api/qr.ts';
import { QrImage } from './QrImage.tsx';

/** Where a code leads when the resolver cannot say: the API's resolver of the code (as the server links). */
const fallbackLink = (code: string) => `${window.location.origin}/api2/qr/Link/${encodeURIComponent(code)}`;

/**
 * The machine's QR code: its image (made by the server from the code's link), the code, and a link to
 * print its label; whether the label's public fault form takes reports, and a new label link that
 * revokes the printed one. A machine without a code can get a new one.
 */
export function MachineQrCard(props: {
  machine: Machine;
  canEdit: boolean;
  onAssign(code: string): Promise<unknown>;
  /** Leaves the machine out of the label's public fault form, or takes it back (decision 070). */
  onExclude(excluded: boolean): Promise<unknown>;
  /** Gives the label a new link, so the printed one stops working (decision 070). */
  onRenewLink(): Promise<unknown>;
}) {
  const { t } = useTranslation('machines');
  const confirm = useConfirm();
  const code = props.machine.Qrcode;
  const link = useQrLink(code);
  const createCodes = useCreateQrCodes();
  const [assigning, setAssigning] = useState(false);
  const target = code ? (link.data?.Link ?? (link.isError ? fallbackLink(code) : null)) : null;

  async function assign() {
    setAssigning(true);
    try {
      const [first] = await createCodes.mutateAsync(1);
      if (first) await props.onAssign(first.Qrcode);
    } catch {
      // shown by the API client
    } finally {
      setAssigning(false);
    }
  }

  async function renewLink() {
    const sure = await confirm({
      title: t('info.newLabelLinkTitle'),
      message: t('info.newLabelLinkMessage'),
      confirmText: t('info.newLabelLinkConfirm'),
    });
    // A refusal is shown by the API client.
    if (sure) await props.onRenewLink().catch(() => undefined);
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="machine-qr-heading">
      <Typography variant="subtitle1" component="h3" id="machine-qr-heading" sx={{ mb: 1.5 }}>
        {t('info.qrHeading')}
      </Typography>
      {code ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <QrImage link={target} code={code} size={180} />
          <Typography sx={{ fontFamily: 'monospace', letterSpacing: 1 }} data-testid="machine-qr-code">
            {code}
          </Typography>
          <Button
            component={Link}
            to={pathFor('QrCodes', {}, { code })}
            startIcon={<Print />}
            variant="outlined"
            size="small"
          >
            {t('info.printLabel')}
          </Button>
          {props.canEdit ? (
            <FormControlLabel
              control={
                <Switch
                  checked={!props.machine.LabelReportsExcluded}
                  onChange={(e) => void props.onExclude(!e.target.checked).catch(() => undefined)}
                />
              }
              label={t('info.labelReports')}
            />
          ) : null}
          {props.canEdit ? (
            <Button size="small" startIcon={<LinkOff />} onClick={() => void renewLink()}>
              {t('info.newLabelLink')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 64 } }} aria-hidden>
            <QrCode2 />
          </Box>
          <Typography color="text.secondary">{t('info.noQrCode')}</Typography>
          {props.canEdit ? (
            <Button variant="outlined" size="small" onClick={() => void assign()} loading={assigning}>
              {t('info.assignQrCode')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
