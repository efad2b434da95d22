import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { LazyTooltip } from './LazyTooltip.tsx';
import { ShellPart } from './ShellPart.tsx';

// The menu with its save (MUI's Menu, useMutation) loads when it first opens: the rail shows the switch
// at first paint, the menu is not needed before (decision 012).
const LanguageMenu = lazy(() => import('./LanguageMenu.tsx'));

/** Language switch (001 §9): a button that opens the language menu. */
export function LanguageSwitch({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Rendered from the first opening and kept mounted, so it closes with its transition.
  const [used, setUsed] = useState(false);
  if (anchor && !used) setUsed(true);
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
          {t(`languageNames.${currentLanguage()}`)}
        </Button>
      )}
      {used && (
        <ShellPart fallback={null}>
          <LanguageMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </ShellPart>
      )}
    </>
  );
}
