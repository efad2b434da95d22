import type { UserAccount } from '@fieldport/contract';
import Email from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UserAccountsSplit } from '../../../components/user-accounts/index.ts';
import { callApi } from '../../../lib/api/client.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { partnerKeys } from '../api/partners.ts';

const PARTNER = [5] as const;

/** A list of partner accounts beside the chosen one; on a phone the chosen account shows below. */
function PartnerAccounts(props: { partnerCompanyId?: number; linkTo(user: UserAccount): string }) {
  return (
    <UserAccountsSplit
      userTypeIds={PARTNER}
      {...(props.partnerCompanyId ? { partnerCompanyId: props.partnerCompanyId } : {})}
      linkTo={props.linkTo}
    />
  );
}

/** PartnerCompanyUsers (/partner/companies/:id/users/:userId?): the company's partner accounts; new ones join it. */
export function PartnerCompanyUsersPage() {
  const partnerCompanyId = Number(useParams().partnerCompanyId);
  return (
    <PartnerAccounts
      partnerCompanyId={partnerCompanyId}
      linkTo={(u) =>
        pathFor('PartnerCompanyUsers', { partnerCompanyId: String(partnerCompanyId), userId: String(u.Id) })
      }
    />
  );
}

/** PartnerUsers (/partner/users/:userId?): every partner account, of every partner company. */
export function PartnerUsersPage() {
  return <PartnerAccounts linkTo={(u) => pathFor('PartnerUsers', { userId: String(u.Id) })} />;
}

/** The most addresses one message is written to (mail programs refuse very long mailto links). */
const MAX_RECIPIENTS = 200;

/**
 * PartnerEmail (/partner/email): write to the partner accounts, all or one partner company's, from the
 * user's own mail program (the addresses in Bcc, so partners do not see each other's).
 */
export function PartnerEmailPage() {
  const { t } = useTranslation('partners');
  const [companyId, setCompanyId] = useState<number | ''>('');
  const companies = useQuery({
    queryKey: [...partnerKeys.all, 'every'],
    queryFn: ({ signal }) => callApi('partnerCompanyList', undefined, { signal }),
  });
  const recipients = useQuery({
    queryKey: ['users', 'partner-mail', companyId],
    queryFn: ({ signal }) =>
      callApi(
        'userFiltered',
        {
          query: {
            Page: 1,
            ItemsPerPage: MAX_RECIPIENTS,
            UserTypeIds: '5',
            IncludeInactive: 'false',
            ...(companyId ? { PartnerCompanyId: companyId } : {}),
          },
        },
        { signal },
      ),
  });
  const addresses = (recipients.data?.Content ?? []).map((u) => u.EmailAdress).filter(Boolean);
  const href = `mailto:?bcc=${addresses.map(encodeURIComponent).join(',')}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto' }}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('email.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('email.help')}
        </Typography>
        <TextField
          select
          size="small"
          fullWidth
          label={t('email.company')}
          value={companyId}
          onChange={(e) => setCompanyId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ mb: 2 }}
        >
          <MenuItem value="">{t('email.all')}</MenuItem>
          {(companies.data ?? []).map((c) => (
            <MenuItem key={c.Id} value={c.Id}>
              {c.Name}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="partner-email-count" sx={{ mb: 2 }}>
          {recipients.isPending ? t('email.loading') : t('email.recipients', { count: addresses.length })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Email />}
          href={href}
          disabled={addresses.length === 0}
          data-testid="partner-email-write"
        >
          {t('email.write')}
        </Button>
      </Paper>
    </Box>
  );
}
