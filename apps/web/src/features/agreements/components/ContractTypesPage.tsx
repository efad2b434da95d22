import { CONTRACT_TYPE_ICONS, LANGUAGES, type Language, languageOf } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useConfirm } from '../../../components/feedback/index.ts';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { RouteIcon } from '../../../components/shell/RouteIcon.tsx';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { showServerErrors, useFieldProblem, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import type { IconName } from '../../../lib/routing/route-icons.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { type ContractTypeItem, useContractTypeRecords } from '../api/agreements.ts';
import { useChangeContractType, useCreateContractType, useDeleteContractType } from '../api/mutations.ts';

// Every icon a contract type may have is one the menu can draw.
const ICONS: readonly IconName[] = CONTRACT_TYPE_ICONS;

const REQUIRED = 'This field is required';
const nameField = z.string().trim().max(100, 'Max 100 characters.');

/** The form: a name per language (the user's own required), the icon, the menu position, active. */
const typeForm = z.object({
  Names: z.object({ en: nameField, no: nameField, sv: nameField, 'zh-CN': nameField, 'zh-HK': nameField }),
  Icon: z.string().min(1, REQUIRED),
  Position: z.string().refine((v) => /^\d{1,4}$/.test(v.trim()) && Number(v) <= 1000, {
    message: 'Must be a whole number from 0 to 1000.',
  }),
  IsActive: z.boolean(),
});
type Form = z.input<typeof typeForm>;

function initial(type: ContractTypeItem | null, lang: Language): Form {
  const names = { en: '', no: '', sv: '', 'zh-CN': '', 'zh-HK': '' };
  if (!type) return { Names: names, Icon: 'Description', Position: '0', IsActive: true };
  for (const l of LANGUAGES) names[l] = type.Names[l] ?? '';
  // The name the user reads is theirs to keep, also where only the stored name had it.
  if (!names[lang]) names[lang] = type.Name;
  return { Names: names, Icon: type.Icon, Position: String(type.Position), IsActive: type.IsActive };
}

/**
 * A contract type made or changed (POST / PATCH ContractType, ours; the Admin): its name in each
 * language (the user's own required: it is the name the others fall back to), its icon from the
 * menu's, its position in the menu and whether it is offered. A name in use shows under the field.
 */
function ContractTypeFormDialog(props: { type: ContractTypeItem | null; onClose(): void }) {
  const { t, i18n } = useTranslation(['agreements', 'common']);
  const lang = languageOf(i18n.language);
  const create = useCreateContractType();
  const change = useChangeContractType();
  const form = useZodForm(typeForm, initial(props.type, lang));
  const text = useTextField(form);
  const problem = useFieldProblem(form);
  const failed = create.error ?? change.error;
  const generalError =
    failed instanceof ApiError && !(failed.body?.Errors ?? []).some((e) => e.Field === 'Name')
      ? failed.message
      : null;

  const submit = form.handleSubmit(async (v) => {
    const own = v.Names[lang].trim();
    if (!own) {
      form.setError(`Names.${lang}`, { type: 'required', message: REQUIRED });
      return;
    }
    // The other languages: on a new type only those given; on a change every one (empty clears it).
    const others = Object.fromEntries(
      LANGUAGES.filter((l) => l !== lang && (props.type || v.Names[l].trim())).map((l) => [
        l,
        v.Names[l].trim(),
      ]),
    );
    const fields = {
      Name: own,
      Names: others,
      Icon: v.Icon as (typeof CONTRACT_TYPE_ICONS)[number],
      Position: Number(v.Position),
      IsActive: v.IsActive,
    };
    try {
      if (props.type)
        await change.mutateAsync({
          id: props.type.Id,
          body: { ...fields, RowVersion: props.type.RowVersion },
        });
      else await create.mutateAsync(fields);
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (wire) => (wire === 'Name' ? `Names.${lang}` : null));
    }
  });

  return (
    <FormDialog
      title={props.type ? t('types.edit') : t('types.new')}
      submitLabel={t('common:save')}
      pending={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {[lang, ...LANGUAGES.filter((l) => l !== lang)].map((l) => (
          <TextField
            key={l}
            label={t('types.nameIn', { language: t(`common:languageNames.${l}`) })}
            required={l === lang}
            {...text(`Names.${l}`)}
          />
        ))}
        <Controller
          control={form.control}
          name="Icon"
          render={({ field }) => (
            <TextField
              select
              label={t('types.icon')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!problem('Icon')}
              helperText={problem('Icon')}
            >
              {ICONS.map((icon) => (
                <MenuItem key={icon} value={icon}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <RouteIcon name={icon} fontSize="small" />
                    <span>{t(`types.icons.${icon}`)}</span>
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('types.position')}
          inputMode="numeric"
          {...text('Position')}
          helperText={problem('Position') ?? t('types.positionHelp')}
        />
        <Controller
          control={form.control}
          name="IsActive"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('types.active')}
            />
          )}
        />
        {generalError ? <Alert severity="error">{generalError}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}

/**
 * ContractTypes (/admin/contract-types, ours; the Admin): the contract types with their icon, names and
 * how many contracts use each; new, change and delete. A type contracts use is not deleted: the
 * server's refusal (with the count) shows above the list, and the type can be made inactive instead.
 * Every change reads the Agreements menu's types again (and the `contractType` event does for others).
 */
export function ContractTypesPage() {
  const { t } = useTranslation(['agreements', 'common']);
  const types = useContractTypeRecords();
  const remove = useDeleteContractType();
  const confirm = useConfirm();
  const [form, setForm] = useState<{ type: ContractTypeItem | null } | null>(null);
  const actions = useMemo<HeaderAction[]>(
    () => [
      {
        id: 'contract-type-new',
        label: t('types.new'),
        icon: <Add />,
        onClick: () => setForm({ type: null }),
      },
    ],
    [t],
  );
  useHeaderActions(actions);
  const refused = remove.error instanceof ApiError ? remove.error.message : null;

  const onDelete = async (type: ContractTypeItem) => {
    const ok = await confirm({
      title: t('types.deleteTitle'),
      message: t('types.deleteConfirm', { name: type.Name }),
      confirmText: t('common:delete'),
    });
    if (ok) remove.mutate(type.Id);
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h6" component="h2">
        {t('types.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('types.help')}
      </Typography>
      {refused ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => remove.reset()}>
          {refused}
        </Alert>
      ) : null}
      {types.error ? <Alert severity="error">{t('types.failed')}</Alert> : null}
      <Paper variant="outlined">
        {types.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('types.empty')}
          </Typography>
        ) : (
          <List aria-label={t('types.title')}>
            {types.data?.map((type) => (
              <ListItem
                key={type.Id}
                divider
                data-testid={`contract-type-row-${type.Id}`}
                sx={type.IsActive ? undefined : INACTIVE_ROW}
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('types.editOf', { name: type.Name })}
                      onClick={() => setForm({ type })}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={t('types.deleteOf', { name: type.Name })}
                      onClick={() => onDelete(type)}
                    >
                      <Delete />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <RouteIcon name={type.Icon as IconName} />
                </ListItemIcon>
                <ListItemText
                  primary={type.Name}
                  secondary={[
                    t('menu.count', { count: type.ContractCount }),
                    type.IsActive ? null : t('inactive'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {form ? (
        <ContractTypeFormDialog key={form.type?.Id ?? 'new'} type={form.type} onClose={() => setForm(null)} />
      ) : null}
    </Box>
  );
}
