import Shortcut from '@mui/icons-material/Shortcut';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';
import { legacyTargetPath, mapLegacyAddress } from '../../lib/routing/legacy.ts';

/** Where an old-site address leads: the mapped route, or Home for pages we do not know. */
export function autoRedirectTarget(address: string): string {
  const target = mapLegacyAddress(address);
  return target ? legacyTargetPath(target) : '/';
}

/**
 * /auto-redirect?page=<old-site address> (001 §2.3): replaces itself with the matching new route.
 * Without a page it offers a test input with a Go button.
 */
export default function AutoRedirectPage() {
  const { t } = useTranslation('shell');
  const [search, setSearch] = useSearchParams();
  const page = search.get('page');
  const [address, setAddress] = useState('');

  if (page) return <Navigate to={autoRedirectTarget(page)} replace />;

  const go = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) setSearch({ page: address.trim() });
  };
  return (
    <PageMessage testId="auto-redirect-page" icon={<Shortcut />} title={t('autoRedirect.title')}>
      <Typography color="text.secondary">{t('autoRedirect.text')}</Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={go}
        sx={{ width: '100%' }}
      >
        <TextField
          label={t('autoRedirect.inputLabel')}
          placeholder={t('autoRedirect.placeholder')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          fullWidth
          size="small"
        />
        <Button type="submit" variant="contained" disabled={!address.trim()}>
          {t('autoRedirect.go')}
        </Button>
      </Stack>
    </PageMessage>
  );
}
