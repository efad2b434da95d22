import { LANGUAGES, type Language, toLanguage } from '@fieldport/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useUnshownFailure } from '../../../components/feedback/index.ts';
import { setLanguage } from '../../../i18n/index.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import type { MyAccount } from '../api.ts';
import { type AccountChange, useChangeMyAccount } from '../mutations.ts';

/**
 * The own name and phone (committed on blur, 001 §5), the e-mail one signs in with (read only: the
 * Admin changes it), and the language, saved on the account and shown at once.
 */
export function AccountDetails({ account }: { account: MyAccount }) {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFieldRules();
  const unshown = useUnshownFailure();
  const changeField = useChangeMyAccount();
  const changeLanguage = useChangeMyAccount();
  const queryClient = useQueryClient();

  // A text field's refusal shows under it; other failures get their snackbar.
  const saveField = (body: AccountChange) =>
    changeField.mutateAsync({ body, silent: true }).catch((err: unknown) => {
      unshown(err);
      throw err;
    });
  const chooseLanguage = async (next: Language) => {
    try {
      await changeLanguage.mutateAsync({ body: { Uiculture: next } });
      await setLanguage(next);
      // Answers name statuses, types and priorities in the reader's language (decision 034).
      void queryClient.invalidateQueries();
    } catch {
      // The client has shown why; the language stays.
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <CommitField
        label={t('account:details.name')}
        name="Name"
        value={account.Name}
        required
        autoComplete="name"
        validate={rules.text(100, { required: true })}
        onCommit={(Name) => saveField({ Name })}
      />
      <TextField
        size="small"
        label={t('account:details.email')}
        value={account.EmailAdress}
        helperText={t('account:details.emailHint')}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <CommitField
        label={t('account:details.phone')}
        name="Phone"
        value={account.Phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        validate={rules.phone()}
        onCommit={(Phone) => saveField({ Phone })}
      />
      <TextField
        select
        size="small"
        label={t('account:details.language')}
        value={toLanguage(account.Uiculture)}
        disabled={changeLanguage.isPending}
        onChange={(e) => void chooseLanguage(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l} lang={l}>
            {t(`common:languageNames.${l}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
