import FolderOpen from '@mui/icons-material/FolderOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { useConfirm } from '../feedback/index.ts';
import {
  type DocumentEntityClass,
  type DocumentItem,
  useCanEditDocuments,
  useDocumentActions,
  useDocuments,
} from './api.ts';
import { DocumentPreview } from './DocumentPreview.tsx';
import { DocumentRow } from './DocumentRow.tsx';
import { downloadDocument } from './download.ts';
import { PendingUploads } from './PendingUploads.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { UploadBar } from './UploadBar.tsx';
import { useUpload } from './use-upload.ts';

/**
 * The documents of one record (002 §7.8), for every resources tab: the list, newest first, with
 * download; for those with Document.Edit also upload (button or drop), rename, the customer-visibility
 * switch and delete after a confirm. The chosen document is previewed below the list; a page that keeps
 * the choice in its route passes `selectedId` and `onSelect`. A job's files go through the outbox
 * (decision 102): one taken offline shows at once, waiting to send, and is uploaded when the network is back.
 */
export function DocumentsPanel(props: {
  entityClass: DocumentEntityClass;
  entityId: number;
  selectedId?: number | null;
  onSelect?(id: number | null): void;
}) {
  const { t } = useTranslation('documents');
  const headingId = useId();
  const list = useDocuments(props.entityClass, props.entityId);
  const actions = useDocumentActions(props.entityClass, props.entityId);
  const canEdit = useCanEditDocuments();
  const confirm = useConfirm();
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<DocumentItem | null>(null);
  const selectedId = props.onSelect ? (props.selectedId ?? null) : ownSelection;
  const select = props.onSelect ?? setOwnSelection;
  const docs = list.data ?? [];
  const selected = docs.find((d) => d.Id === selectedId) ?? null;
  const { upload, uploading, problem, clearProblem, pending, nearlyFull } = useUpload(
    props.entityClass,
    props.entityId,
    actions.upload,
    list.refetch,
  );

  async function run(doc: DocumentItem, action: () => Promise<unknown>) {
    setBusyId(doc.Id);
    try {
      await action();
    } catch {
      // Shown by the API client.
    } finally {
      setBusyId(null);
    }
  }

  async function remove(doc: DocumentItem) {
    const sure = await confirm({
      title: t('deleteTitle'),
      message: t('deleteMessage', { name: doc.Name, file: doc.FileName }),
      confirmText: t('deleteConfirm'),
    });
    if (!sure) return;
    await run(doc, async () => {
      await actions.remove(doc);
      if (doc.Id === selectedId) select(null);
    });
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" id={headingId}>
          {t('title')}
        </Typography>
        {list.data ? (
          <Typography variant="body2" color="text.secondary" data-testid="document-count">
            {t('count', { count: docs.length })}
          </Typography>
        ) : null}
      </Box>
      {canEdit && nearlyFull ? (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="device-nearly-full">
          {t('outbox.nearlyFull')}
        </Alert>
      ) : null}
      {canEdit ? <UploadBar busy={uploading} onFiles={(f, c, p) => void upload(f, c, p)} /> : null}
      {problem ? (
        <Alert severity="warning" role="alert" sx={{ mt: 1.5 }} onClose={clearProblem}>
          {problem}
        </Alert>
      ) : null}
      <PendingUploads commands={pending} />
      {list.isPending ? <LinearProgress aria-label={t('loading')} sx={{ mt: 2 }} /> : null}
      {list.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {list.error instanceof ApiError && list.error.status === 404 && list.error.body?.Message
            ? list.error.body.Message
            : t('failed')}
        </Alert>
      ) : null}
      {list.isSuccess && docs.length === 0 && pending.length === 0 ? (
        <Box sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <FolderOpen color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{canEdit ? t('empty') : t('emptyReadOnly')}</Typography>
        </Box>
      ) : null}
      {docs.length > 0 ? (
        <List aria-label={t('label')} sx={{ mt: 1 }}>
          {docs.map((doc) => (
            <DocumentRow
              key={doc.Id}
              doc={doc}
              selected={doc.Id === selectedId}
              busy={busyId === doc.Id}
              onSelect={() => select(doc.Id === selectedId ? null : doc.Id)}
              onDownload={() => void downloadDocument(doc).catch(() => undefined)}
              {...(canEdit
                ? {
                    onRename: () => setRenaming(doc),
                    onTogglePublish: () => void run(doc, () => actions.togglePublish(doc)),
                    onDelete: () => void remove(doc),
                  }
                : {})}
            />
          ))}
        </List>
      ) : null}
      {selected ? (
        <DocumentPreview
          doc={selected}
          onDownload={() => void downloadDocument(selected).catch(() => undefined)}
          onClose={() => select(null)}
        />
      ) : null}
      {renaming ? (
        <RenameDialog
          doc={renaming}
          onSave={(values) => actions.change(renaming, values)}
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </Paper>
  );
}
