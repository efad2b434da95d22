import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORY_IDS, DOCUMENT_MAX_BYTES } from '@fieldport/contract';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the file picker offers; the server decides by content. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx,.pptx,.odt,.ods,.odp,.txt,.csv';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Choosing files to upload: a button, or dropping them on the dashed area; the type they are filed
 * under and whether customers see them are chosen first.
 */
export function UploadBar(props: {
  busy: boolean;
  onFiles(files: File[], categoryId: number, publish: boolean): void;
}) {
  const { t } = useTranslation('documents');
  const input = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<number>(DEFAULT_DOCUMENT_CATEGORY);
  const [publish, setPublish] = useState(false);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) props.onFiles(files, category, publish);
  };

  return (
    <Box
      data-testid="document-drop-zone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!props.busy) take(e.dataTransfer?.files);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <TextField
        select
        size="small"
        label={t('uploadType')}
        value={category}
        onChange={(e) => setCategory(Number(e.target.value))}
        sx={{ minWidth: 180 }}
      >
        {DOCUMENT_CATEGORY_IDS.map((id) => (
          <MenuItem key={id} value={id}>
            {t(`categories.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={publish} onChange={(e) => setPublish(e.target.checked)} />}
        label={t('publishNew')}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT}
        aria-label={t('upload')}
        data-testid="document-file-input"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <Button
        variant="contained"
        startIcon={<UploadFile />}
        loading={props.busy}
        onClick={() => input.current?.click()}
      >
        {t('upload')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
        {over ? t('dropHere') : t('uploadHint', { mb: DOCUMENT_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Box>
  );
}
