import { DEFAULT_NAV_WIDTH, LANGUAGES, type Language, toLanguage } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FirstTimeMessage, useSnackbar } from '../../components/feedback/index.ts';
import { useSaveLanguage } from '../../components/shell/api.ts';
import { setLanguage } from '../../i18n/index.ts';
import { type Preferences, usePreference } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session.tsx';
import { useThemeMode } from '../../theme/ThemeModeProvider.tsx';
import { Section } from './MyAccountPage.tsx';

/** The navigation's width while its child panel shows: the choices of the slider, in pixels. */
const NAV_WIDTH = { min: 220, max: 480, step: 10 } as const;
const THEMES: { value: Preferences['ThemeMode']; key: string }[] = [
  { value: 'light', key: 'site.themeLight' },
  { value: 'dark', key: 'site.themeDark' },
  { value: 'system', key: 'site.themeSystem' },
];

/**
 * SiteSettings (/my-page/sitesettings, 001 §2.9): this browser's preferences — theme, the drawer's side
 * and width, the language — and the first-time message once more (remembered with the user). Each is the preference the shell
 * reads (lib/preferences.ts, i18n), so the shell follows at once; the language is saved on the account too.
 */
export default function SiteSettingsPage() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const themeId = useId();
  const widthId = useId();
  const { choice, setMode } = useThemeMode();
  const [inverted, setInverted] = usePreference('InvertedLayout');
  const [navWidth, setNavWidth] = usePreference('NavMenuWidth');
  const [width, setWidth] = useState(navWidth);
  const { status } = useSession();
  const saveLanguage = useSaveLanguage();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  // Each showing mounts the message afresh; put away, it is remembered with the user again.
  const [welcome, setWelcome] = useState(0);
  const lang = toLanguage(i18n.language);

  const chooseLanguage = async (next: Language) => {
    if (next === lang) return;
    await setLanguage(next);
    // Answers name statuses, types and priorities in the reader's language (decision 034).
    void queryClient.invalidateQueries();
    if (status !== 'signedIn') return;
    saveLanguage.mutate(next, {
      onError: () => snackbar.show({ text: t('common:languageSaveFailed'), severity: 'warning' }),
    });
  };
  const commitWidth = (next: number) => {
    setWidth(next);
    setNavWidth(next);
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }} data-testid="site-settings">
      <Typography variant="body2" color="text.secondary">
        {t('account:site.browserOnly')}
      </Typography>
      <Section id="site-appearance" title={t('account:site.appearance')}>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id={themeId}>{t('account:site.theme')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={themeId}
              value={choice}
              onChange={(e) => setMode(e.target.value as Preferences['ThemeMode'])}
            >
              {THEMES.map((theme) => (
                <FormControlLabel
                  key={theme.value}
                  value={theme.value}
                  control={<Radio />}
                  label={t(`account:${theme.key}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={inverted} onChange={(e) => setInverted(e.target.checked)} />}
            label={t('account:site.inverted')}
          />
          <FormControl>
            <FormLabel id={widthId}>{t('account:site.navWidth')}</FormLabel>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 480 }}>
              <Slider
                aria-labelledby={widthId}
                value={width}
                min={NAV_WIDTH.min}
                max={NAV_WIDTH.max}
                step={NAV_WIDTH.step}
                valueLabelDisplay="auto"
                getAriaValueText={(v) => t('account:site.navWidthValue', { width: v })}
                onChange={(_, v) => setWidth(v as number)}
                onChangeCommitted={(_, v) => commitWidth(v as number)}
              />
              <Typography variant="body2" sx={{ minWidth: 64 }} data-testid="nav-width">
                {t('account:site.navWidthValue', { width })}
              </Typography>
            </Stack>
            <FormHelperText sx={{ mx: 0 }}>{t('account:site.navWidthHint')}</FormHelperText>
            <Box>
              <Button
                size="small"
                disabled={width === DEFAULT_NAV_WIDTH}
                onClick={() => commitWidth(DEFAULT_NAV_WIDTH)}
              >
                {t('account:site.navWidthReset')}
              </Button>
            </Box>
          </FormControl>
        </Stack>
      </Section>
      <Section id="site-language" title={t('account:site.language')}>
        <TextField
          select
          size="small"
          label={t('account:site.language')}
          value={lang}
          helperText={t('account:site.languageHint')}
          onChange={(e) => void chooseLanguage(e.target.value as Language)}
          sx={{ minWidth: 240 }}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {t(`common:languageNames.${l}`)}
            </MenuItem>
          ))}
        </TextField>
      </Section>
      <Section id="site-help" title={t('account:site.help')}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('account:site.firstTimeHint')}
          </Typography>
          <Button variant="outlined" onClick={() => setWelcome((n) => n + 1)}>
            {t('account:site.firstTime')}
          </Button>
        </Stack>
        {welcome > 0 ? <FirstTimeMessage key={welcome} /> : null}
      </Section>
    </Stack>
  );
}
