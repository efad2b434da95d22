import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Lock from '@mui/icons-material/Lock';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import { type TimeRow, useDeleteRow } from '../api.ts';
import { hoursText } from '../week.ts';

/** The week's rows one by one, to change or delete; a locked row says why it is locked. */
export function RowList({ rows, onEdit }: { rows: TimeRow[]; onEdit: (row: TimeRow) => void }) {
  const { t, i18n } = useTranslation('timereport');
  const remove = useDeleteRow();
  if (rows.length === 0) return null;
  return (
    <List dense aria-label={t('rows.label')} data-testid="row-list">
      {rows.map((r) => (
        <ListItem
          key={`${r.Kind}${r.Id}`}
          data-testid="time-row"
          // Room for both icons (the list's own room is for one): they covered the entry's end on a phone.
          sx={r.Locked ? undefined : { pr: 12 }}
          secondaryAction={
            r.Locked ? (
              <Tooltip title={t('rows.locked')}>
                <Lock fontSize="small" aria-label={t('rows.locked')} />
              </Tooltip>
            ) : (
              <>
                <IconButton aria-label={t('rows.edit')} onClick={() => onEdit(r)}>
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={t('rows.delete')}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ Kind: r.Kind, Id: r.Id })}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </>
            )
          }
        >
          <ListItemText
            primary={`${formatDate(r.WorkDate)} · ${t('rows.hours', { hours: hoursText(r.Hours, i18n.language) })} · ${
              r.Kind === 'Job' ? [r.OrderId, r.JobName].filter(Boolean).join(' ') : t('rows.internal')
            }`}
            secondary={[r.ArticleNumber, r.Description, r.Comment].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
