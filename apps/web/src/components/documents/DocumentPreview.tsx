import type { DocumentItem } from '@fieldport/contract';
import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentFile } from './api.ts';
import { previewKind } from './format.ts';

/** An object URL for a Blob while it is shown. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function useBlobText(blob: Blob | undefined): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    void blob?.text().then((v) => live && setText(v));
    return () => {
      live = false;
    };
  }, [blob]);
  return text;
}

/**
 * The chosen document: images and plain text shown in place (the app's content policy lets nothing
 * else render from a Blob), every type with its download button.
 */
export function DocumentPreview(props: { doc: DocumentItem; onDownload(): void; onClose(): void }) {
  const { t } = useTranslation('documents');
  const kind = previewKind(props.doc.ContentType);
  const file = useDocumentFile(props.doc, kind !== null);
  const url = useObjectUrl(kind === 'image' ? file.data : undefined);
  const text = useBlobText(kind === 'text' ? file.data : undefined);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('preview', { name: props.doc.Name })}
      sx={{ p: 2, mt: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h4" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {props.doc.Name}
        </Typography>
        <Button size="small" startIcon={<Download />} onClick={props.onDownload}>
          {t('download')}
        </Button>
        <IconButton aria-label={t('close')} onClick={props.onClose}>
          <Close />
        </IconButton>
      </Box>
      {kind === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('noPreview')}
        </Typography>
      ) : file.isError ? (
        <Alert severity="warning">{t('previewFailed')}</Alert>
      ) : kind === 'image' && url ? (
        <Box
          component="img"
          src={url}
          alt={props.doc.Name}
          sx={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain', display: 'block' }}
        />
      ) : kind === 'text' && text !== null ? (
        <Box
          component="pre"
          sx={{ m: 0, maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', typography: 'body2' }}
        >
          {text}
        </Box>
      ) : (
        <Skeleton variant="rectangular" height={160} />
      )}
    </Paper>
  );
}
