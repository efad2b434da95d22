import Directions from '@mui/icons-material/Directions';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Email from '@mui/icons-material/Email';
import MyLocation from '@mui/icons-material/MyLocation';
import Phone from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatTime } from '../../i18n/dates.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { useOnMyWay, usePositionSharing, type VisitJob } from './api.ts';
import { VisitStatus } from './VisitStatus.tsx';
import { contactLinks, directionsHref, type Visit } from './visits.ts';

/** The address as one line, from the job's delivery address when read, else the appointment's. */
function placeOf(visit: Visit, job: VisitJob | undefined) {
  const a = job?.DeliveryAddress;
  if (!a) return { text: visit.Job.Address, latitude: null, longitude: null };
  const text = [a.Street, [a.Zip, a.City].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { text: text || visit.Job.Address, latitude: a.Latitude, longitude: a.Longitude };
}

/**
 * One visit: its time window, the job (a link to it), the customer, the address as a link that opens
 * the phone's maps app, and the contact's numbers and e-mail as call and write links. The next visit
 * is marked with a chip and a stronger border, in words as well as colour. A visit not over yet has
 * On my way (decision 072); once set, a chip says so.
 */
export function VisitCard({
  visit,
  job,
  next,
  done = false,
}: {
  visit: Visit;
  job: VisitJob | undefined;
  next: boolean;
  /** Over already: no setting out to it. */
  done?: boolean;
}) {
  const { t } = useTranslation('today');
  const place = placeOf(visit, job);
  const directions = directionsHref(place);
  const contact = job?.ContactPerson ?? null;
  const links = contact ? contactLinks(contact) : null;
  const window = t('window', { from: formatTime(visit.StartTime), to: formatTime(visit.EndTime) });
  const headingId = `visit-${visit.Id}-heading`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`visit-${visit.Id}`}
      data-start={visit.StartTime}
      data-next={next || undefined}
      sx={{ p: 1.5, borderWidth: next ? 2 : 1, borderColor: next ? 'primary.main' : 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="visit-window">
          {window}
        </Typography>
        {next && <Chip size="small" color="primary" label={t('next')} data-testid="next-visit" />}
        {visit.OnMyWay && (
          <Chip
            size="small"
            color="success"
            icon={<DirectionsCar />}
            label={t('onMyWay')}
            data-testid="on-my-way"
          />
        )}
      </Box>
      <Typography component="h3" variant="body1" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={pathFor('ViewJob', { filter: 'my', jobId: String(visit.Job.Id) })}>
          {visit.Job.DisplayName || visit.Subject}
        </Link>
      </Typography>
      <VisitStatus visit={visit} job={job} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {directions ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Directions />}
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('navigate', { address: place.text })}
            sx={{ textTransform: 'none', textAlign: 'left', maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            {place.text}
          </Button>
        ) : (
          <Typography variant="body2">{t('noAddress')}</Typography>
        )}
        {links?.mobile && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Phone />}
            href={links.mobile}
            aria-label={t('call', { name: contact!.Name, number: contact!.Mobile })}
          >
            {contact!.Mobile}
          </Button>
        )}
        {links?.fixed && links.fixed !== links.mobile && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Phone />}
            href={links.fixed}
            aria-label={t('call', { name: contact!.Name, number: contact!.FixedPhone })}
          >
            {contact!.FixedPhone}
          </Button>
        )}
        {links?.email && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Email />}
            href={links.email}
            aria-label={t('write', { name: contact!.Name })}
            sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            {t('email')}
          </Button>
        )}
      </Box>
      {contact && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('contact', { name: contact.Name })}
        </Typography>
      )}
      {!visit.OnMyWay && !done && <OnMyWayButton id={visit.Id} />}
      {visit.OnMyWay && !done && <SharePosition id={visit.Id} />}
    </Paper>
  );
}

/** Sets out to the visit: the contact gets the on-my-way message with the status link (decision 072). */
function OnMyWayButton({ id }: { id: number }) {
  const { t } = useTranslation('today');
  const setOut = useOnMyWay(id, t('onMyWaySent'));
  return (
    <Button
      size="small"
      variant="contained"
      startIcon={<DirectionsCar />}
      // A refusal is shown by the API client.
      onClick={() => setOut.mutateAsync().catch(() => undefined)}
      disabled={setOut.isPending}
      sx={{ mt: 1 }}
      data-testid="on-my-way-button"
    >
      {t('setOnMyWay')}
    </Button>
  );
}

/**
 * On the way: the technician may share the phone's position for the customer's arrival estimate
 * (decision 085); nothing is sent until they choose to, and the customer sees only the estimate.
 */
function SharePosition({ id }: { id: number }) {
  const { t } = useTranslation('today');
  const [on, setOn] = useState(false);
  const state = usePositionSharing(id, on);
  if (state === 'unavailable' || state === 'ended')
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="position-unavailable">
        {t('positionUnavailable')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      {on && (
        <Typography variant="body2" color="text.secondary" data-testid="sharing-position">
          {t('sharingPosition')}
        </Typography>
      )}
      <Button
        size="small"
        variant={on ? 'text' : 'outlined'}
        startIcon={<MyLocation />}
        onClick={() => setOn(!on)}
        data-testid="share-position"
      >
        {on ? t('stopSharing') : t('sharePosition')}
      </Button>
    </Box>
  );
}
