import { LANGUAGES, type Language } from '@fieldport/contract';
import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { useSession } from '../../lib/session.tsx';
import { useSnackbar } from '../feedback/context.ts';
import { LazyMenu } from './LazyMenu.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';

/**
 * Language switch (001 §9: en, no, sv, zh-CN, zh-HK). Stores the choice in 'lang'; when signed in it is
 * also saved as the user's Uiculture, which otherwise would switch it back at the next sign-in.
 */
export function LanguageSwitch({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const { t } = useTranslation('common');
  const { status } = useSession();
  const snackbar = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = currentLanguage();

  const choose = async (next: Language) => {
    setAnchor(null);
    if (next === lang) return;
    await setLanguage(next);
    if (status === 'signedIn') {
      try {
        await callApi('changeMyAccount', { body: { Uiculture: next } });
      } catch {
        snackbar.show({ text: t('languageSaveFailed'), severity: 'warning' });
      }
    }
  };
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  const label = t('language');
  return (
    <>
      {variant === 'icon' ? (
        <LazyTooltip title={label}>
          <IconButton onClick={open} aria-label={label} aria-haspopup="menu" color="inherit">
            <Translate />
          </IconButton>
        </LazyTooltip>
      ) : (
        <Button onClick={open} startIcon={<Translate />} aria-haspopup="menu" color="inherit">
          {t(`languageNames.${lang}`)}
        </Button>
      )}
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(MenuItem) =>
          LANGUAGES.map((l) => (
            <MenuItem key={l} selected={l === lang} onClick={() => void choose(l)} lang={l}>
              <ListItemIcon>{l === lang ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{t(`languageNames.${l}`)}</ListItemText>
            </MenuItem>
          ))
        }
      </LazyMenu>
    </>
  );
}
