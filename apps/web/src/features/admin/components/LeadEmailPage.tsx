import {
  LEAD_EMAIL_SETTINGS,
  LEAD_TEMPLATE_PLACEHOLDERS,
  renderTemplate,
  SAMPLE_LEAD_PLACEHOLDER_VALUES,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useSettingsGroup } from '../api/admin.ts';
import { useSaveEmailTemplate } from '../api/mutations.ts';
import { type LeadEmailDraft as Draft, leadEmailProblems } from '../lead-email.ts';
import { AdminPage } from './AdminPage.tsx';
import { PlaceholderChips } from './PlaceholderChips.tsx';

const N = LEAD_EMAIL_SETTINGS;

/**
 * LeadEmail (/admin/lead/email, LeadsEnabled): the mail sent when a lead is registered (decision 054):
 * on or off, the address it goes to (the sales team's), its subject and text with the lead's
 * placeholders, and a preview with example values. Saved in the e-mail settings; the server refuses an
 * unknown placeholder or a mail switched on without an address, and sends it through a task.
 */
export function LeadEmailPage() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const settings = useSettingsGroup('email');
  const save = useSaveEmailTemplate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const values = settings.data?.Values as Record<string, unknown> | undefined;
  useEffect(() => {
    if (values && draft === null)
      setDraft({
        enabled: values[N.enabled] === true,
        to: String(values[N.to] ?? ''),
        subject: String(values[N.subject] ?? ''),
        body: String(values[N.body] ?? ''),
      });
  }, [values, draft]);

  const problems = draft
    ? leadEmailProblems(draft, rules.email(), t('leadEmail.toRequired'), (names) =>
        t('email.unknownPlaceholder', { names }),
      )
    : {};
  const shown = (f: keyof Draft, setting: string) =>
    (touched || f !== 'to' ? problems[f] : undefined) ?? serverErrors[`Values.${setting}`];
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => (d ? { ...d, ...patch } : d));
  };
  const insert = (name: string) => {
    const el = bodyRef.current;
    if (!draft) return;
    const at = el?.selectionStart ?? draft.body.length;
    set({ body: `${draft.body.slice(0, at)}{${name}}${draft.body.slice(el?.selectionEnd ?? at)}` });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + name.length + 2, at + name.length + 2);
    });
  };
  const onSave = async () => {
    if (!draft) return;
    setTouched(true);
    setServerErrors({});
    setRefusal(null);
    if (Object.keys(problems).length) return;
    try {
      await save.mutateAsync({
        [N.enabled]: draft.enabled,
        [N.to]: draft.to.trim(),
        [N.subject]: draft.subject,
        [N.body]: draft.body,
      });
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError)
        setServerErrors(Object.fromEntries((err.body?.Errors ?? []).map((e) => [e.Field, e.Message])));
      setRefusal(apiMessage(err) || t('saveFailed'));
    }
  };

  return (
    <AdminPage
      title={t('leadEmail.title')}
      help={t('leadEmail.help')}
      loading={!draft}
      error={settings.error}
    >
      {draft ? (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              component="form"
              noValidate
              spacing={2}
              onSubmit={(e) => {
                e.preventDefault();
                void onSave();
              }}
            >
              <FormControlLabel
                control={<Switch checked={draft.enabled} onChange={(_e, enabled) => set({ enabled })} />}
                label={t('leadEmail.enabled')}
              />
              <TextField
                label={t('leadEmail.to')}
                type="email"
                required={draft.enabled}
                value={draft.to}
                onChange={(e) => set({ to: e.target.value })}
                onBlur={() => setTouched(true)}
                error={!!shown('to', N.to)}
                helperText={shown('to', N.to) ?? t('leadEmail.toHelp')}
                slotProps={{
                  htmlInput: { maxLength: 200, inputMode: 'email', 'data-testid': 'lead-email-to' },
                }}
              />
              <TextField
                label={t('email.subject')}
                value={draft.subject}
                onChange={(e) => set({ subject: e.target.value })}
                error={!!shown('subject', N.subject)}
                helperText={shown('subject', N.subject)}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                label={t('email.body')}
                value={draft.body}
                onChange={(e) => set({ body: e.target.value })}
                multiline
                minRows={6}
                inputRef={bodyRef}
                error={!!shown('body', N.body)}
                helperText={shown('body', N.body)}
              />
              <PlaceholderChips
                groups={LEAD_TEMPLATE_PLACEHOLDERS}
                groupLabel={(group) => t(`leadEmail.placeholderGroups.${group}`)}
                onInsert={insert}
              />
              {refusal ? (
                <Alert severity="error" role="alert">
                  {refusal}
                </Alert>
              ) : null}
              {saved ? (
                <Alert severity="success" role="status">
                  {t('leadEmail.saved')}
                </Alert>
              ) : null}
              <Stack direction="row">
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {t('email.save')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="lead-preview-heading">
            <Typography variant="subtitle1" component="h3" id="lead-preview-heading">
              {t('email.preview')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }} data-testid="lead-preview-subject">
              {renderTemplate(draft.subject, SAMPLE_LEAD_PLACEHOLDER_VALUES, 'lead')}
            </Typography>
            <Typography
              variant="body2"
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', m: 0, mt: 1, fontFamily: 'inherit' }}
              data-testid="lead-preview-body"
            >
              {renderTemplate(draft.body, SAMPLE_LEAD_PLACEHOLDER_VALUES, 'lead')}
            </Typography>
          </Paper>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
