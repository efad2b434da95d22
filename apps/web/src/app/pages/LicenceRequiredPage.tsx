import Lock from '@mui/icons-material/Lock';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { PageMessage } from '../../components/shell/PageMessage.tsx';
import { useSupportContact } from '../../lib/support.ts';

/** A route whose licence the company lacks (001 §6): 'Licence required' with the support contact. */
export default function LicenceRequiredPage({ licence }: { licence?: string }) {
  const { t } = useTranslation('shell');
  const support = useSupportContact();
  return (
    <PageMessage testId="licence-required-page" icon={<Lock />} title={t('licenceRequired.title')}>
      {licence ? (
        <Typography color="text.secondary">
          {t('licenceRequired.which', { licence: t(`licences.${licence}`) })}
        </Typography>
      ) : null}
      <Typography>
        <Trans
          t={t}
          i18nKey="licenceRequired.contact"
          values={{ email: support.email }}
          components={{ mail: <Link href={`mailto:${support.email}`} /> }}
        />
      </Typography>
    </PageMessage>
  );
}
