import {
  EMAIL_TEMPLATES,
  type EmailTemplateKey,
  emailSettingNames,
  isEmailTemplateKey,
  renderTemplate,
  SAMPLE_PLACEHOLDER_VALUES,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useSettingsGroup } from '../api/admin.ts';
import { useSaveEmailTemplate, useSendTestEmail } from '../api/mutations.ts';
import { AdminPage } from './AdminPage.tsx';
import { PlaceholderChips } from './PlaceholderChips.tsx';

const KEYS = Object.keys(EMAIL_TEMPLATES) as EmailTemplateKey[];

/** The editor's address for a template, with the query 001 §2.4 gives it. */
function editorPath(key: EmailTemplateKey, title: string) {
  const n = emailSettingNames(EMAIL_TEMPLATES[key]);
  return pathFor(
    'EditEmailSetting',
    { key },
    {
      group: 'email',
      emailEnabledSettingName: n.enabled,
      emailSubjectSettingName: n.subject,
      emailbodySettingName: n.body,
      titleText: title,
    },
  );
}

/** EmailSettings (/admin/settings/email-settings): the four templates, each on or off, each opened to edit. */
export function EmailSettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useSettingsGroup('email');
  const values = (settings.data?.Values ?? {}) as Record<string, unknown>;
  return (
    <AdminPage
      title={t('email.title')}
      help={t('email.help')}
      loading={!settings.data}
      error={settings.error}
    >
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <List aria-label={t('email.templates')} disablePadding>
          {KEYS.map((key) => {
            const n = emailSettingNames(EMAIL_TEMPLATES[key]);
            const on = [
              values[n.enabled] === true ? t('email.mailOn') : t('email.mailOff'),
              values[n.smsEnabled] === true ? t('email.smsOn') : t('email.smsOff'),
            ].join(' · ');
            return (
              <ListItem key={key} disablePadding divider>
                <ListItemButton
                  component={Link}
                  to={editorPath(key, t(`email.keys.${key}`))}
                  data-testid={`email-template-${key}`}
                >
                  <ListItemText
                    primary={t(`email.keys.${key}`)}
                    secondary={`${t(`email.when.${key}`)} — ${on}`}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </AdminPage>
  );
}

interface Draft {
  enabled: boolean;
  subject: string;
  body: string;
  smsEnabled: boolean;
  smsText: string;
}

/**
 * EditEmailSetting (/admin/settings/email/:key): one template's switch, subject and body (the query's
 * setting names, else the key's), its text message, the placeholders to insert, a preview with example
 * values and a test mail. An unknown placeholder is shown at once and refused by the server on save.
 */
export function EditEmailSettingPage() {
  const { t } = useTranslation('admin');
  const { key = '' } = useParams();
  const [query] = useSearchParams();
  const settings = useSettingsGroup('email');
  const save = useSaveEmailTemplate();
  const test = useSendTestEmail();
  const known = isEmailTemplateKey(key);
  const base = emailSettingNames(known ? EMAIL_TEMPLATES[key] : 'NewJob');
  const names = {
    ...base,
    enabled: query.get('emailEnabledSettingName') || base.enabled,
    subject: query.get('emailSubjectSettingName') || base.subject,
    body: query.get('emailbodySettingName') || base.body,
  };
  const title = query.get('titleText') || (known ? t(`email.keys.${key}`) : key);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [testTo, setTestTo] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const values = settings.data?.Values as Record<string, unknown> | undefined;
  useEffect(() => {
    if (values && draft === null)
      setDraft({
        enabled: values[names.enabled] === true,
        subject: String(values[names.subject] ?? ''),
        body: String(values[names.body] ?? ''),
        smsEnabled: values[names.smsEnabled] === true,
        smsText: String(values[names.smsText] ?? ''),
      });
  }, [values, draft, names.enabled, names.subject, names.body, names.smsEnabled, names.smsText]);

  if (!known)
    return (
      <AdminPage title={t('email.title')}>
        <Alert severity="warning">{t('email.unknownKey', { key })}</Alert>
      </AdminPage>
    );
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const problem = (field: keyof Draft, settingName: string) => {
    const unknown = draft ? unknownPlaceholders(String(draft[field])) : [];
    if (unknown.length)
      return t('email.unknownPlaceholder', { names: unknown.map((n) => `{${n}}`).join(', ') });
    return serverErrors[`Values.${settingName}`];
  };
  const insert = (name: string) => {
    const el = bodyRef.current;
    if (!draft) return;
    const at = el?.selectionStart ?? draft.body.length;
    const body = `${draft.body.slice(0, at)}{${name}}${draft.body.slice(el?.selectionEnd ?? at)}`;
    set({ body });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + name.length + 2, at + name.length + 2);
    });
  };
  const onSave = async () => {
    if (!draft) return;
    setServerErrors({});
    try {
      await save.mutateAsync({
        [names.enabled]: draft.enabled,
        [names.subject]: draft.subject,
        [names.body]: draft.body,
        [names.smsEnabled]: draft.smsEnabled,
        [names.smsText]: draft.smsText,
      });
    } catch (err) {
      if (err instanceof ApiError)
        setServerErrors(Object.fromEntries((err.body?.Errors ?? []).map((e) => [e.Field, e.Message])));
    }
  };
  const onTest = async () => {
    if (!draft) return;
    setTestResult(null);
    try {
      const res = await test.mutateAsync({
        Key: key,
        To: testTo.trim(),
        Subject: draft.subject,
        Body: draft.body,
      });
      setTestResult({ ok: res.Success, text: res.Message });
    } catch (err) {
      setTestResult({ ok: false, text: apiMessage(err) || t('saveFailed') });
    }
  };
  const hasProblem =
    !!draft &&
    (['subject', 'body', 'smsText'] as const).some((f) => unknownPlaceholders(draft[f]).length > 0);
  return (
    <AdminPage title={title} help={t(`email.when.${key}`)} loading={!draft} error={settings.error}>
      {draft ? (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <FormControlLabel
                control={<Switch checked={draft.enabled} onChange={(_e, enabled) => set({ enabled })} />}
                label={t('email.enabled')}
              />
              <TextField
                label={t('email.subject')}
                value={draft.subject}
                onChange={(e) => set({ subject: e.target.value })}
                error={!!problem('subject', names.subject)}
                helperText={problem('subject', names.subject)}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'template-subject' } }}
              />
              <TextField
                label={t('email.body')}
                value={draft.body}
                onChange={(e) => set({ body: e.target.value })}
                multiline
                minRows={6}
                inputRef={bodyRef}
                error={!!problem('body', names.body)}
                helperText={problem('body', names.body)}
                slotProps={{ htmlInput: { 'data-testid': 'template-body' } }}
              />
              <PlaceholderChips
                groups={TEMPLATE_PLACEHOLDERS}
                groupLabel={(group) => t(`email.placeholderGroups.${group}`)}
                onInsert={insert}
              />
              <FormControlLabel
                control={
                  <Switch checked={draft.smsEnabled} onChange={(_e, smsEnabled) => set({ smsEnabled })} />
                }
                label={t('email.smsEnabled')}
              />
              <TextField
                label={t('email.smsText')}
                value={draft.smsText}
                onChange={(e) => set({ smsText: e.target.value })}
                multiline
                minRows={2}
                error={!!problem('smsText', names.smsText)}
                helperText={problem('smsText', names.smsText) ?? t('email.smsHelp')}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={onSave} disabled={save.isPending || hasProblem}>
                  {t('email.save')}
                </Button>
                <Button component={Link} to={pathFor('EmailSettings')}>
                  {t('email.back')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="preview-heading">
            <Typography variant="subtitle1" component="h3" id="preview-heading">
              {t('email.preview')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }} data-testid="preview-subject">
              {renderTemplate(draft.subject, SAMPLE_PLACEHOLDER_VALUES)}
            </Typography>
            <Typography
              variant="body2"
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', m: 0, mt: 1 }}
              data-testid="preview-body"
            >
              {renderTemplate(draft.body, SAMPLE_PLACEHOLDER_VALUES)}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 2, alignItems: { sm: 'center' } }}
            >
              <TextField
                size="small"
                type="email"
                label={t('email.testTo')}
                value={testTo}
                onChange={(e) => setTestTo(e.target.value)}
              />
              <Button onClick={onTest} disabled={test.isPending || !testTo.trim() || hasProblem}>
                {t('email.sendTest')}
              </Button>
            </Stack>
            {testResult ? (
              <Alert severity={testResult.ok ? 'success' : 'error'} sx={{ mt: 1 }} role="status">
                {testResult.text}
              </Alert>
            ) : null}
          </Paper>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
