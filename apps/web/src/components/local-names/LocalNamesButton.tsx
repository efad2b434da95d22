import { LANGUAGES, type Language, type LocalNames } from '@fieldport/contract';
import Translate from '@mui/icons-material/TranslateOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../lib/forms/rules.ts';
import { CommitField } from '../commit-field/CommitField.tsx';

/**
 * A lookup's name in each of the five languages (decision 034; machine types too, decision 089): each field saves on blur, the
 * language's own name only; one left empty makes that language's users read the English name.
 */
export function LocalNamesDialog(props: {
  name: string;
  names: LocalNames;
  version: number;
  open: boolean;
  onClose(): void;
  onCommit(lang: Language, value: string): Promise<unknown>;
  /** More of the record to set, below its names. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const rules = useFieldRules();
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('localNames.title', { name: props.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('localNames.help')}</DialogContentText>
        <Stack spacing={2}>
          {LANGUAGES.map((lang) => (
            <CommitField
              key={lang}
              version={props.version}
              name={`Names.${lang}`}
              label={t(`languageNames.${lang}`)}
              value={props.names[lang] ?? ''}
              validate={rules.text(100)}
              onCommit={(value) => props.onCommit(lang, value)}
            />
          ))}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('localNames.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The button that opens a row's names in each language. */
export function LocalNamesButton(props: Omit<Parameters<typeof LocalNamesDialog>[0], 'open' | 'onClose'>) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('localNames.button')}>
        <IconButton aria-label={t('localNames.buttonOf', { name: props.name })} onClick={() => setOpen(true)}>
          <Translate />
        </IconButton>
      </Tooltip>
      {open ? <LocalNamesDialog {...props} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
