import type { ChangeLogEntry as Entry } from '@fieldport/contract';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates.ts';

const ACTIONS = ['New', 'Change', 'Delete', 'ChangeOwner'] as const;

/**
 * A line of a change log: when, who, what was done (to the machine or one of its documents), and each
 * changed field from old to new.
 */
export function ChangeLogEntryItem({ entry, selected }: { entry: Entry; selected?: boolean }) {
  const { t } = useTranslation(['machines', 'common']);
  const action = (ACTIONS as readonly string[]).includes(entry.Action)
    ? t(`logs.actions.${entry.Action as (typeof ACTIONS)[number]}`)
    : entry.Action;
  const fieldName = (f: string) => t(`logs.fields.${f}`, { defaultValue: f });
  const shown = (v: string | null) =>
    v === null || v === '' ? '–' : v === 'true' ? t('common:yes') : v === 'false' ? t('common:no') : v;
  return (
    <ListItem
      divider
      data-testid={`machine-log-${entry.Id}`}
      id={`log-${entry.Id}`}
      aria-current={selected ? 'true' : undefined}
      sx={{ display: 'block', bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>{action}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(entry.Created)} · {entry.UserName || t('common:notProvided')}
        </Typography>
      </Box>
      {entry.Description ? (
        <Typography variant="body2">
          {entry.Entity === 'Machine'
            ? entry.Description
            : `${t(`logs.entities.${entry.Entity}`, { defaultValue: entry.Entity })}: ${entry.Description}`}
        </Typography>
      ) : null}
      {entry.Changes.length > 0 ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
            columnGap: 2,
            rowGap: 0.25,
            m: 0,
            mt: 0.5,
          }}
        >
          {entry.Changes.map((c) => (
            <Box key={c.Field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {fieldName(c.Field)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {t('logs.change', { from: shown(c.OldValue), to: shown(c.NewValue) })}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </ListItem>
  );
}
