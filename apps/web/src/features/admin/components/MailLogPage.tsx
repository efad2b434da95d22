import type { MailLogEntry } from '@fieldport/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMailLog } from '../api/admin.ts';

const STATUS_COLOUR = { Recorded: 'default', Sent: 'success', Failed: 'error' } as const;

/** One mail: its time, recipient, subject and status; opened, its text. */
function MailRow(props: { mail: MailLogEntry }) {
  const { t } = useTranslation('admin');
  const m = props.mail;
  return (
    <Accordion
      disableGutters
      square
      elevation={0}
      data-testid={`mail-${m.Id}`}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ alignItems: { sm: 'center' }, width: '100%', minWidth: 0 }}
        >
          <Typography variant="body2" sx={{ minWidth: 150 }}>
            {formatDateTime(m.Created)}
          </Typography>
          <Typography variant="body2" sx={{ minWidth: { sm: 220 }, overflowWrap: 'anywhere' }}>
            {m.To}
          </Typography>
          <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {m.Subject}
          </Typography>
          <Chip
            size="small"
            label={t(`mail.status.${m.Status}`)}
            color={STATUS_COLOUR[m.Status]}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Typography
          component="pre"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}
        >
          {m.Body}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * MailLogs (/admin/logs/mail): every mail the portal wrote, newest first, in a virtualised list paged
 * like the other logs (the next page near the end of the scroll). Without SMTP_URL mail is recorded
 * here instead of sent (spec README): the demo's recovery codes are read here.
 */
export function MailLogPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 400);
  const list = useMailLog(word);
  return (
    <ListLayout
      tools={
        <Stack spacing={1} sx={{ width: '100%' }}>
          <Typography variant="h6" component="h2">
            {t('mail.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('mail.help')}
          </Typography>
          <SearchField label={t('mail.search')} value={search} onChange={setSearch} />
        </Stack>
      }
      count={list.isPending ? null : t('logs.count', { count: list.total })}
    >
      <PagedList
        list={list}
        label={t('mail.title')}
        emptyText={t('mail.empty')}
        listTestId="mail-log"
        renderItem={(m) => <MailRow mail={m} />}
      />
    </ListLayout>
  );
}
