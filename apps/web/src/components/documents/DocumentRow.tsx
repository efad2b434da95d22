import type { DocumentItem } from '@fieldport/contract';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { fileIcon, formatSize } from './format.ts';

export interface RowActions {
  onSelect(): void;
  onDownload(): void;
  onRename?(): void;
  onTogglePublish?(): void;
  onDelete?(): void;
}

/**
 * One document: its name and file, then type, size, upload time and uploader; download for everyone,
 * and for editors the customer-visibility switch, rename and delete.
 */
export function DocumentRow(props: { doc: DocumentItem; selected: boolean; busy: boolean } & RowActions) {
  const { t, i18n } = useTranslation('documents');
  const { doc } = props;
  const Icon = fileIcon(doc.ContentType);
  const category = t(`categories.${doc.DocumentTypeCategoryId}`, {
    defaultValue: String(doc.DocumentTypeCategoryId),
  });
  const details = [
    { label: t('columns.type'), value: category },
    { label: t('columns.size'), value: formatSize(doc.Size, t, i18n.language) },
    { label: t('columns.date'), value: formatDateTime(doc.CreatedAt) },
    { label: t('columns.by'), value: doc.CreatedBy || t('unknownUser') },
  ];
  return (
    <ListItem
      divider
      disablePadding
      data-testid={`document-${doc.Id}`}
      aria-current={props.selected ? 'true' : undefined}
      secondaryAction={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {props.onTogglePublish ? (
            <Tooltip title={t('published')}>
              <Switch
                size="small"
                checked={doc.PublishToCustomer}
                disabled={props.busy}
                onChange={props.onTogglePublish}
                slotProps={{ input: { 'aria-label': t('publishOf', { name: doc.Name }) } }}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('download')}>
            <IconButton aria-label={t('downloadOf', { name: doc.Name })} onClick={props.onDownload}>
              <Download />
            </IconButton>
          </Tooltip>
          {props.onRename ? (
            <Tooltip title={t('rename')}>
              <IconButton
                aria-label={t('renameOf', { name: doc.Name })}
                onClick={props.onRename}
                disabled={props.busy}
              >
                <Edit />
              </IconButton>
            </Tooltip>
          ) : null}
          {props.onDelete ? (
            <Tooltip title={t('delete')}>
              <IconButton
                aria-label={t('deleteOf', { name: doc.Name })}
                onClick={props.onDelete}
                disabled={props.busy}
                color="error"
              >
                <Delete />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      }
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
    >
      <ListItemButton
        selected={props.selected}
        onClick={props.onSelect}
        sx={{ pr: props.onDelete ? 22 : 8, alignItems: 'flex-start' }}
      >
        <ListItemIcon sx={{ mt: 0.5, minWidth: 40 }}>
          <Icon color="action" />
        </ListItemIcon>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{doc.Name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {doc.FileName}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5 }}
          >
            {details.map((d) => (
              <Box key={d.label} sx={{ display: 'flex', gap: 0.5 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {d.label}:
                </Typography>
                <Typography component="dd" variant="caption" sx={{ m: 0 }}>
                  {d.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
