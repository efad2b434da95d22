import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api/client.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { type ChecklistTemplate, useCreateTemplate, useSaveTemplate, useTemplate } from '../api/templates.ts';
import {
  bodyOf,
  type Draft,
  type DraftField,
  type DraftSection,
  draftOf,
  FIELD_TYPES,
  moved,
  newField,
  newSection,
} from './template-draft.ts';

const idOf = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/** CheckListEdit (/admin/check-lists/edit/:templateId?): a new template by name, or a template's editor. */
export function TemplateEditPage() {
  const { templateId } = useParams();
  const id = idOf(templateId);
  return id === null ? <NewTemplate /> : <ExistingTemplate id={id} />;
}

function NewTemplate() {
  const { t } = useTranslation('checklists');
  const navigate = useNavigate();
  const key = useMemo(() => crypto.randomUUID(), []);
  const create = useCreateTemplate(key);
  const [name, setName] = useState('');
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 600 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('admin.new')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(name, {
            onSuccess: (tpl) =>
              navigate(pathFor('CheckListEdit', { templateId: String(tpl.Id) }), { replace: true }),
          });
        }}
      >
        <TextField
          label={t('admin.name')}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={name.trim() === '' || create.isPending}>
            {t('admin.create')}
          </Button>
          <Button onClick={() => navigate(pathFor('CheckLists'))}>{t('admin.cancel')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function ExistingTemplate({ id }: { id: number }) {
  const { t } = useTranslation('checklists');
  const template = useTemplate(id);
  if (template.isError)
    return (
      <Alert severity="warning" sx={{ m: 3 }}>
        {t('editor.notFound')}
      </Alert>
    );
  if (!template.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  return <Editor template={template.data} />;
}

/** The refusal's messages: the message and each field's. */
const refusalOf = (err: unknown): string[] =>
  err instanceof ApiError && err.body
    ? [err.body.Message, ...(err.body.Errors ?? []).map((e) => `${e.Field}: ${e.Message}`)].filter(
        (m): m is string => Boolean(m),
      )
    : [];

function Editor({ template }: { template: ChecklistTemplate }) {
  const { t } = useTranslation('checklists');
  const navigate = useNavigate();
  const save = useSaveTemplate(template.Id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  // A newer version (saved here or elsewhere) becomes the draft.
  useEffect(() => setDraft(draftOf(template)), [template]);
  const setSection = (i: number, next: DraftSection) =>
    setDraft((d) => ({ ...d, Sections: d.Sections.map((s, j) => (j === i ? next : s)) }));
  const setField = (si: number, fi: number, next: Partial<DraftField>) =>
    setDraft((d) => ({
      ...d,
      Sections: d.Sections.map((s, j) =>
        j === si ? { ...s, Fields: s.Fields.map((f, k) => (k === fi ? { ...f, ...next } : f)) } : s,
      ),
    }));
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('editor.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('editor.startedKeep')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          label={t('admin.name')}
          required
          value={draft.Name}
          onChange={(e) => setDraft({ ...draft, Name: e.target.value })}
          sx={{ flex: 1, maxWidth: 480 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.IsActive}
              onChange={(e) => setDraft({ ...draft, IsActive: e.target.checked })}
            />
          }
          label={t('editor.active')}
        />
      </Stack>
      <Stack spacing={2}>
        {draft.Sections.map((section, si) => (
          <Paper
            key={section.key}
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-label={section.Title || t('editor.section')}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <TextField
                label={t('editor.section')}
                required
                size="small"
                value={section.Title}
                onChange={(e) => setSection(si, { ...section, Title: e.target.value })}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`${t('editor.moveUp')}: ${section.Title}`}
                onClick={() => setDraft({ ...draft, Sections: moved(draft.Sections, si, -1) })}
              >
                <ArrowUpward />
              </IconButton>
              <IconButton
                aria-label={`${t('editor.moveDown')}: ${section.Title}`}
                onClick={() => setDraft({ ...draft, Sections: moved(draft.Sections, si, 1) })}
              >
                <ArrowDownward />
              </IconButton>
              <IconButton
                aria-label={`${t('editor.removeSection')}: ${section.Title}`}
                onClick={() => setDraft({ ...draft, Sections: draft.Sections.filter((_, j) => j !== si) })}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            {section.Fields.map((field, fi) => (
              <Stack
                key={field.key}
                direction={{ xs: 'column', md: 'row' }}
                spacing={1}
                sx={{ alignItems: { md: 'center' }, py: 1 }}
                data-testid="template-field"
              >
                <TextField
                  label={t('editor.field')}
                  required
                  size="small"
                  value={field.Label}
                  onChange={(e) => setField(si, fi, { Label: e.target.value })}
                  sx={{ flex: 2 }}
                />
                <TextField
                  select
                  size="small"
                  label={t('editor.type')}
                  value={field.Type}
                  onChange={(e) => setField(si, fi, { Type: e.target.value as DraftField['Type'] })}
                  sx={{ minWidth: 130 }}
                >
                  {FIELD_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`type.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {field.Type === 'Number' && (
                  <>
                    <TextField
                      size="small"
                      label={t('editor.min')}
                      inputMode="decimal"
                      value={field.Min}
                      onChange={(e) => setField(si, fi, { Min: e.target.value })}
                      sx={{ width: 100 }}
                    />
                    <TextField
                      size="small"
                      label={t('editor.max')}
                      inputMode="decimal"
                      value={field.Max}
                      onChange={(e) => setField(si, fi, { Max: e.target.value })}
                      sx={{ width: 100 }}
                    />
                    <TextField
                      size="small"
                      label={t('editor.unit')}
                      value={field.Unit}
                      onChange={(e) => setField(si, fi, { Unit: e.target.value })}
                      sx={{ width: 90 }}
                    />
                  </>
                )}
                {field.Type === 'Choice' && (
                  <TextField
                    size="small"
                    label={t('editor.choices')}
                    value={field.Choices}
                    onChange={(e) => setField(si, fi, { Choices: e.target.value })}
                    sx={{ flex: 2 }}
                  />
                )}
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.Required}
                      onChange={(e) => setField(si, fi, { Required: e.target.checked })}
                    />
                  }
                  label={t('editor.required')}
                />
                <Stack direction="row">
                  <IconButton
                    aria-label={`${t('editor.moveUp')}: ${field.Label}`}
                    onClick={() => setSection(si, { ...section, Fields: moved(section.Fields, fi, -1) })}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={`${t('editor.moveDown')}: ${field.Label}`}
                    onClick={() => setSection(si, { ...section, Fields: moved(section.Fields, fi, 1) })}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton
                    aria-label={`${t('editor.removeField')}: ${field.Label}`}
                    onClick={() =>
                      setSection(si, { ...section, Fields: section.Fields.filter((_, k) => k !== fi) })
                    }
                  >
                    <DeleteOutline />
                  </IconButton>
                </Stack>
              </Stack>
            ))}
            <Button
              startIcon={<Add />}
              onClick={() => setSection(si, { ...section, Fields: [...section.Fields, newField()] })}
            >
              {t('editor.addField')}
            </Button>
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          startIcon={<Add />}
          onClick={() => setDraft({ ...draft, Sections: [...draft.Sections, newSection()] })}
        >
          {t('editor.addSection')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={() => navigate(pathFor('CheckLists'))}>{t('editor.back')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => save.mutate(bodyOf(draft, template.RowVersion))}
        >
          {t('editor.save')}
        </Button>
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {refusalOf(save.error).map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
