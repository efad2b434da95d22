import { JobSignatureInput } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type PointerEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTextField, useZodForm } from '../../lib/forms/zod-form.ts';

/** What the pad gives: the signer's name and the drawing as a PNG in base64 (no data: prefix). */
export interface CapturedSignature {
  signerName: string;
  png: string;
}

const NameForm = JobSignatureInput.pick({ SignerName: true });
/** The drawing's size in CSS pixels; the canvas has the device's pixels behind it. */
const HEIGHT = 180;

/**
 * The customer signs on the phone (issue 31, decision 090): a canvas drawn on with a finger, a pen or
 * the mouse (pointer events, so touch and mouse alike, the page not scrolling under the finger), Clear
 * to start again, and Done once something is drawn and the signer's name is given. The buttons and the
 * name field are reachable by keyboard; the drawing area is labelled for screen readers.
 */
export function SignatureDialog({
  open,
  title,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onDone: (signature: CapturedSignature) => void | Promise<void>;
}) {
  const { t } = useTranslation('common');
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useZodForm(NameForm, { SignerName: '' });
  const field = useTextField(form);
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const hintId = useId();

  /** Gives the canvas the device's pixels for its laid-out size (sharp lines), once it is shown. */
  const attach = useCallback((el: HTMLCanvasElement | null) => {
    canvas.current = el;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.round((el.clientWidth || 320) * ratio);
    el.height = Math.round(HEIGHT * ratio);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
    const ctx = e.currentTarget.getContext('2d');
    const p = last.current;
    // A tap is a dot.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    ctx?.fill();
    setDrawn(true);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from) return;
    const to = point(e);
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(from.x, from.y);
    ctx?.lineTo(to.x, to.y);
    ctx?.stroke();
    last.current = to;
  };
  const up = () => {
    last.current = null;
  };
  const clear = () => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, el.width, el.height);
    setDrawn(false);
  };
  const done = form.handleSubmit(async ({ SignerName }) => {
    const data = canvas.current?.toDataURL('image/png') ?? '';
    try {
      await onDone({ signerName: SignerName, png: data.replace(/^data:image\/png;base64,/, '') });
    } catch {
      // Not stored (the call has shown why): the drawing and the name stay for another try.
      return;
    }
    clear();
    form.reset();
  });

  return (
    <Dialog open={open} onClose={onClose} fullScreen={compact} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={done}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" color="text.secondary" id={hintId}>
            {t('signature.hint')}
          </Typography>
          <Box
            component="canvas"
            ref={attach}
            role="img"
            aria-label={drawn ? t('signature.areaSigned') : t('signature.area')}
            aria-describedby={hintId}
            data-testid="signature-canvas"
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onPointerLeave={up}
            sx={{
              width: '100%',
              height: HEIGHT,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
              touchAction: 'none',
              cursor: 'crosshair',
            }}
          />
          <TextField
            {...field('SignerName')}
            label={t('signature.signerName')}
            required
            fullWidth
            autoComplete="name"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={clear} disabled={!drawn}>
            {t('signature.clear')}
          </Button>
          <Button onClick={onClose}>{t('signature.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!drawn || form.formState.isSubmitting}>
            {t('signature.done')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
