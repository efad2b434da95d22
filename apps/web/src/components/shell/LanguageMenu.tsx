import { LANGUAGES, type Language } from '@fieldport/contract';
import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';
import { useSession } from '../../lib/session.tsx';
import { useSnackbar } from '../feedback/context.ts';
import { useSaveLanguage } from './api.ts';
import { Menu, MenuItem } from './menu-parts.ts';

/**
 * The language switch's menu (001 §9: en, no, sv, zh-CN, zh-HK), loaded when it first opens and kept
 * mounted afterwards. The choice is stored in 'lang'; signed in, it is saved on the account too.
 */
export default function LanguageMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const { status } = useSession();
  const snackbar = useSnackbar();
  const save = useSaveLanguage();
  const queryClient = useQueryClient();
  const lang = currentLanguage();

  const choose = async (next: Language) => {
    onClose();
    if (next === lang) return;
    await setLanguage(next);
    // Answers name statuses, types and priorities in the reader's language (decision 034).
    void queryClient.invalidateQueries();
    if (status !== 'signedIn') return;
    save.mutate(next, {
      onError: () => snackbar.show({ text: t('languageSaveFailed'), severity: 'warning' }),
    });
  };

  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem key={l} selected={l === lang} onClick={() => void choose(l)} lang={l}>
          <ListItemIcon>{l === lang ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`languageNames.${l}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
