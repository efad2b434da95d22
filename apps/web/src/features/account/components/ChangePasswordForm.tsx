import { isStrongPassword } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar, useUnshownFailure } from '../../../components/feedback/index.ts';
import { usePasswordMinLength } from '../../../components/password/min-length.ts';
import { PasswordChecklist } from '../../../components/password/PasswordChecklist.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useChangeOwnPassword } from '../mutations.ts';

/**
 * The current password, a new one by the rules of 001 §5 at the company's minimum length (the checklist
 * ticks them as they are met) and its confirmation; the contract's messages, the web's `validation` keys
 * for the confirmation. A common breached password is refused by the server, shown on the new password.
 */
const changePasswordInput = (minLength: number) =>
  z
    .object({
      current: z.string().min(1, 'Please type password.'),
      password: z
        .string()
        .min(1, { message: 'Please type password.', abort: true })
        .refine((v) => isStrongPassword(v, minLength), 'The password does not follow the password rules.'),
      confirm: z.string().min(1, 'Please type confirm password.'),
    })
    .refine((v) => v.confirm === '' || v.confirm === v.password, {
      path: ['confirm'],
      message: 'The password confirmation does not match.',
    });

const FIELDS = { CurrentPassword: 'current', NewPassword: 'password' } as const;

/** Changes the own password (User/MyAccount/ChangePassword); the other sign-ins end, this one stays. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const snackbar = useSnackbar();
  const unshown = useUnshownFailure();
  const checklistId = useId();
  const minLength = usePasswordMinLength();
  const ChangePasswordInput = useMemo(() => changePasswordInput(minLength), [minLength]);
  const form = useZodForm(ChangePasswordInput, { current: '', password: '', confirm: '' });
  const textField = useTextField(form);
  const change = useChangeOwnPassword();
  const password = form.watch('password');
  const values = form.watch();
  // 001 §5: the button stays disabled until the form is valid.
  const valid = ChangePasswordInput.safeParse(values).success;

  const submit = form.handleSubmit(async (v) => {
    try {
      const answer = await change.mutateAsync({ CurrentPassword: v.current, NewPassword: v.password });
      snackbar.show({ text: answer.Message, severity: 'success' });
      form.reset();
    } catch (err) {
      showServerErrors(form, err, (field) => FIELDS[field as keyof typeof FIELDS] ?? null);
      if (!(err instanceof ApiError && err.body?.Errors?.length)) unshown(err);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <Alert severity="info">{t('password.hint')}</Alert>
      <TextField
        {...textField('current')}
        size="small"
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        // A changed password checks the confirmation again.
        {...textField('password', { deps: ['confirm'] })}
        size="small"
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        required
        slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
      />
      <PasswordChecklist password={password} id={checklistId} minLength={minLength} />
      <TextField
        {...textField('confirm')}
        size="small"
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!valid || change.isPending}>
          {t('password.submit')}
        </Button>
      </Box>
    </Box>
  );
}
