import { UPLOAD_MAX_BYTES } from '@fieldport/contract';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../api/images.ts';
import { StoredImage } from './StoredImage.tsx';

/** Image uploads are PNG or JPEG (the server checks the content too). */
const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Why a file cannot be uploaded as an image, or null. */
function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

/**
 * An image field: the stored image (or the chosen file before it is saved), a button to choose a PNG or
 * JPEG file, and one to remove the image.
 */
export function ImageUpload(props: {
  label: string;
  /** The stored image's relative path. */
  path: string | null | undefined;
  /** A chosen file not saved yet (new records). */
  pending?: File | null;
  onFile(file: File): unknown;
  onRemove?(): unknown;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('pim');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pendingUrl = useObjectUrl(props.pending ?? null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const wrong = imageProblem(file);
    if (wrong) {
      setProblem(
        wrong === 'type'
          ? t('image.wrongType')
          : t('image.tooLarge', { mb: Math.round(UPLOAD_MAX_BYTES / 1024 / 1024) }),
      );
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await props.onFile(file);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await props.onRemove?.();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
        {props.label}
      </Box>
      {pendingUrl ? (
        <Box
          component="img"
          src={pendingUrl}
          alt={props.label}
          sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <StoredImage path={props.path} alt={props.label} />
      )}
      {problem ? (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      ) : null}
      {props.readOnly ? null : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hidden
            onChange={(e) => void choose(e)}
            aria-label={t('image.choose')}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFile />}
            onClick={() => input.current?.click()}
            loading={busy}
          >
            {props.path || props.pending ? t('image.replace') : t('image.choose')}
          </Button>
          {(props.path || props.pending) && props.onRemove ? (
            <Button
              size="small"
              color="error"
              startIcon={<Delete />}
              onClick={() => void remove()}
              disabled={busy}
            >
              {t('image.remove')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
