import {
  CUSTOMER_TYPES,
  ENTRA_ID_PATTERN,
  isCustomerType,
  isStaff,
  LANGUAGES,
  STAFF,
  type UserAccount,
  type UserChangeInput,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { formatDateTime } from '../../i18n/dates.ts';
import { useFieldRules } from '../../lib/forms/rules.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { CommitField } from '../commit-field/CommitField.tsx';
import { useConfirm, useSnackbar, useUnshownFailure } from '../feedback/index.ts';
import { useChangeUser, userQuery, useSendResetCode, useToggleUserActive } from './api.ts';
import { DispatchSection } from './DispatchSection.tsx';
import { EmploymentSection } from './EmploymentSection.tsx';
import { SetPasswordDialog } from './SetPasswordDialog.tsx';
import { TYPE_ICONS } from './UserRow.tsx';
import { useAccountRights } from './use-account-rights.ts';

type Change = z.input<typeof UserChangeInput>;

/** The account of one user: fields commit on blur (001 §5), switches save at once, password tools. */
export function UserAccountPanel(props: { userId: number }) {
  const { t } = useTranslation(['users', 'common']);
  const query = useQuery(userQuery(props.userId));
  if (query.isError)
    return (
      <Typography color="error" role="alert" sx={{ p: 2 }}>
        {t('users:not_found', { id: props.userId })}
      </Typography>
    );
  if (!query.data) return <CircularProgress aria-label={t('common:loading')} sx={{ m: 2 }} />;
  return <AccountEditor user={query.data} />;
}

function AccountEditor({ user }: { user: UserAccount }) {
  const { t } = useTranslation(['users', 'common']);
  const rules = useFieldRules();
  const rights = useAccountRights();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const unshown = useUnshownFailure();
  // Text fields commit on their own; the lists, switches and buttons are disabled while one saves.
  const changeField = useChangeUser(user.Id);
  const changeSetting = useChangeUser(user.Id);
  const toggle = useToggleUserActive(user);
  const resetCode = useSendResetCode();
  const busy = changeSetting.isPending || toggle.isPending || resetCode.isPending;
  const [settingPassword, setSettingPassword] = useState(false);
  const lockReason = rights.mayEdit(user.UserTypeId) ? null : t('users:staff_only_admin');
  const locked = !!lockReason;
  const Icon = TYPE_ICONS[user.UserTypeId as keyof typeof TYPE_ICONS];
  // Customer accounts move between the customer types; other accounts among the types the user may give.
  const typeChoices = isCustomerType(user.UserTypeId)
    ? rights.creatableTypes(CUSTOMER_TYPES)
    : rights.creatableTypes(STAFF);

  const entraId = (v: string) =>
    v.trim() === '' || ENTRA_ID_PATTERN.test(v.trim()) ? null : t('users:entra_id_invalid');
  const save = (body: Change, fromField = true) =>
    fromField
      ? changeField
          .mutateAsync({ body: { ...body, RowVersion: user.RowVersion }, silent: true })
          .catch((err: unknown) => {
            unshown(err);
            throw err;
          })
      : changeSetting.mutateAsync({ body });
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch {
      // The client has shown why.
    }
  };
  const toggleActive = async () => {
    if (
      user.IsActive &&
      !(await confirm({
        title: t('users:deactivate_title', { name: user.Name }),
        message: t('users:deactivate_text', { name: user.Name }),
        confirmText: t('users:deactivate'),
      }))
    )
      return;
    await run(async () => {
      await toggle.mutateAsync();
    });
  };
  const sendCode = () =>
    run(async () => {
      const answer = await resetCode.mutateAsync(user.EmailAdress);
      snackbar.show({ text: answer.Message, severity: 'success' });
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="user-heading"
      data-testid="user-account"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {Icon ? <Icon color={user.IsActive ? 'primary' : 'disabled'} aria-hidden /> : null}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            id="user-heading"
            sx={{ color: user.IsActive ? undefined : 'text.secondary' }}
          >
            {user.Name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              t(`users:type.${user.UserTypeId}`),
              t('users:created_on', { date: formatDateTime(user.CreatedAt) }),
            ].join(' · ')}
          </Typography>
        </Box>
        {user.IsActive ? null : <Chip label={t('users:inactive')} size="small" />}
        {user.CustomerId && user.CustomerName ? (
          <Link
            component={RouterLink}
            to={pathFor('ViewCustomerDetails', { customerId: String(user.CustomerId) })}
          >
            {t('users:open_customer', { name: user.CustomerName })}
          </Link>
        ) : null}
      </Stack>
      {lockReason ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {lockReason}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('users:account_details')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CommitField
          version={user.RowVersion}
          label={t('users:field.Name')}
          name="Name"
          value={user.Name}
          required
          validate={rules.text(100, { required: true })}
          lockReason={lockReason}
          onCommit={(Name) => save({ Name })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('users:field.EmailAdress')}
          name="EmailAdress"
          value={user.EmailAdress}
          required
          type="email"
          inputMode="email"
          validate={rules.email({ required: true })}
          lockReason={lockReason}
          onCommit={(EmailAdress) => save({ EmailAdress })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('users:field.UserLogonName')}
          name="UserLogonName"
          value={user.UserLogonName}
          required
          validate={rules.text(100, { required: true })}
          lockReason={lockReason}
          onCommit={(UserLogonName) => save({ UserLogonName })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('users:field.Phone')}
          name="Phone"
          value={user.Phone}
          type="tel"
          inputMode="tel"
          validate={rules.phone()}
          lockReason={lockReason}
          onCommit={(Phone) => save({ Phone })}
        />
        <TextField
          select
          size="small"
          label={t('users:field.UserTypeId')}
          value={user.UserTypeId}
          disabled={locked || busy || typeChoices.length < 2}
          onChange={(e) => void run(() => save({ UserTypeId: Number(e.target.value) }, false))}
        >
          {[...new Set([user.UserTypeId, ...typeChoices])].map((id) => (
            <MenuItem key={id} value={id}>
              {t(`users:type.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('users:field.Uiculture')}
          value={user.Uiculture}
          disabled={locked || busy}
          onChange={(e) =>
            void run(() => save({ Uiculture: e.target.value as (typeof LANGUAGES)[number] }, false))
          }
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`common:languageNames.${l}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }}>
        {t('users:settings')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={user.IsActive}
              disabled={locked || busy || user.Id === rights.selfId}
              onChange={() => void toggleActive()}
            />
          }
          label={t('users:field.IsActive')}
        />
        {isStaff(user.UserTypeId) ? (
          <FormControlLabel
            control={
              <Switch
                checked={user.IsBookable}
                disabled={locked || busy}
                onChange={(e) => void run(() => save({ IsBookable: e.target.checked }, false))}
              />
            }
            label={t('users:field.IsBookable')}
          />
        ) : null}
        <FormControlLabel
          control={
            <Switch
              checked={user.IsContactPerson}
              disabled={locked || busy}
              onChange={(e) => void run(() => save({ IsContactPerson: e.target.checked }, false))}
            />
          }
          label={t('users:field.IsContactPerson')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={user.CanExport}
              disabled={locked || busy}
              onChange={(e) => void run(() => save({ CanExport: e.target.checked }, false))}
            />
          }
          label={t('users:field.CanExport')}
        />
      </Box>
      {isStaff(user.UserTypeId) ? <DispatchSection user={user} locked={locked} save={save} /> : null}
      {rights.isAdmin && isStaff(user.UserTypeId) ? <EmploymentSection userId={user.Id} /> : null}
      {rights.isAdmin && !locked ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }}>
            {t('users:microsoft')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('users:microsoft_hint')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <CommitField
              version={user.RowVersion}
              label={t('users:field.EntraTenantId')}
              name="EntraTenantId"
              value={user.EntraTenantId ?? ''}
              validate={entraId}
              lockReason={null}
              onCommit={(v) => save({ EntraTenantId: v || null })}
            />
            <CommitField
              version={user.RowVersion}
              label={t('users:field.EntraObjectId')}
              name="EntraObjectId"
              value={user.EntraObjectId ?? ''}
              validate={entraId}
              lockReason={null}
              onCommit={(v) => save({ EntraObjectId: v || null })}
            />
          </Box>
        </>
      ) : null}
      {locked ? null : (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('users:security')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void sendCode()} disabled={busy || !user.IsActive}>
              {t('users:send_reset')}
            </Button>
            <Button variant="outlined" onClick={() => setSettingPassword(true)} disabled={busy}>
              {t('users:set_password')}
            </Button>
          </Stack>
        </>
      )}
      {settingPassword ? <SetPasswordDialog user={user} onClose={() => setSettingPassword(false)} /> : null}
    </Paper>
  );
}
