import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMailLog } from '../api/admin.ts';
import { AdminPage } from './AdminPage.tsx';

const STATUS_COLOUR = { Recorded: 'default', Sent: 'success', Failed: 'error' } as const;

/**
 * MailLogs (/admin/logs/mail): every mail the portal wrote, newest first. Without SMTP_URL mail is
 * recorded here instead of sent (spec README): the demo's recovery codes are read here.
 */
export function MailLogPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 400);
  const log = useMailLog(word);
  return (
    <AdminPage title={t('mail.title')} help={t('mail.help')} loading={!log.data} error={log.error}>
      <Stack spacing={2}>
        <SearchField label={t('mail.search')} value={search} onChange={setSearch} />
        {log.data?.Content.length === 0 ? (
          <Typography color="text.secondary">{t('mail.empty')}</Typography>
        ) : null}
        <div>
          {log.data?.Content.map((m) => (
            <Accordion key={m.Id} disableGutters data-testid={`mail-${m.Id}`}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' }, width: '100%' }}
                >
                  <Typography variant="body2" sx={{ minWidth: 150 }}>
                    {formatDateTime(m.Created)}
                  </Typography>
                  <Typography variant="body2" sx={{ minWidth: 220 }}>
                    {m.To}
                  </Typography>
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {m.Subject}
                  </Typography>
                  <Chip size="small" label={t(`mail.status.${m.Status}`)} color={STATUS_COLOUR[m.Status]} />
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
                  {m.Body}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      </Stack>
    </AdminPage>
  );
}
