import { validMail, validPhone } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { type Rule, rules, useRuleMessage } from '../../../lib/forms/rules.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type Supplier, useSupplier, useSupplierPages } from '../api/pim.ts';
import { useChangeSupplier, useCreateSupplier } from '../api/pim-mutations.ts';
import { ActiveSwitch } from '../components/ActiveSwitch.tsx';
import { MachineListView, TEXT_SEARCH_DEBOUNCE_MS } from '../components/MachineListView.tsx';
import { ModelListView } from '../components/ModelListView.tsx';
import { PageState } from '../components/PageState.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { RecordRow, RecordRowsHeader } from '../components/RecordRow.tsx';
import { useSuppliersReadOnly } from '../hooks/access.ts';
import { useRouteId } from '../hooks/use-route-id.ts';

const nameRules = rules.text(200, { required: true });
const emailRules: Rule = rules.all(rules.text(200), validMail);
const phoneRules: Rule = rules.all(rules.text(40), validPhone);

/** SupplierList (/pim/suppliers): every supplier, searchable; New unless suppliers are read-only. */
export function SupplierListPage() {
  const { t } = useTranslation('pim');
  const readOnly = useSuppliersReadOnly();
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useSupplierPages(word);
  const actions = useMemo<HeaderAction[]>(
    () =>
      readOnly
        ? []
        : [
            {
              id: 'supplier-new',
              label: t('suppliers.new'),
              icon: <Add />,
              to: pathFor('NewSupplier', { supplierId: '0' }),
            },
          ],
    [readOnly, t],
  );
  useHeaderActions(actions);

  return (
    <ListLayout
      tools={<SearchField label={t('suppliers.search')} value={search} onChange={setSearch} />}
      count={list.data ? t('suppliers.count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('suppliers.label')}
        emptyText={word ? t('common.noMatches') : t('suppliers.empty')}
        header={
          <RecordRowsHeader
            titles={[t('fields.name'), t('fields.email'), t('fields.phone'), t('fields.modelCount')]}
          />
        }
        renderItem={(s) => (
          <RecordRow
            key={s.Id}
            to={pathFor('SupplierInfo', { supplierId: String(s.Id) })}
            testId={`supplier-row-${s.Id}`}
            name={s.Name}
            inactive={!s.IsActive}
            cells={[
              { label: t('fields.email'), value: s.Email },
              { label: t('fields.phone'), value: s.Phone },
              { label: t('fields.modelCount'), value: s.ModelCount },
            ]}
          />
        )}
      />
    </ListLayout>
  );
}

/** Says why the supplier cannot be changed when the ERP owns suppliers. */
function ErpNotice() {
  const { t } = useTranslation('pim');
  const { info } = useSession();
  if (!info || info.ERPConfig.SupplierReadOnly === false) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('suppliers.erpReadOnly', { erp: info.ERPConfig.ERPFriendlyName || 'ERP' })}
    </Alert>
  );
}

/** SupplierInfo: a supplier's name, e-mail, phone and active state; read-only for read-only supplier users. */
export function SupplierInfoPage() {
  const id = useRouteId('supplierId');
  const supplier = useSupplier(id);
  if (!supplier.data) return <PageState error={supplier.error ?? (Number.isNaN(id) ? true : undefined)} />;
  return <SupplierInfo supplier={supplier.data} />;
}

function SupplierInfo({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('pim');
  const check = useRuleMessage();
  const readOnly = useSuppliersReadOnly();
  const changeSupplier = useChangeSupplier(supplier.Id);
  const change = async (fields: Partial<Pick<Supplier, 'Name' | 'Email' | 'Phone' | 'IsActive'>>) => {
    await changeSupplier.mutateAsync({ ...fields, RowVersion: supplier.RowVersion });
  };
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720 }}>
      <RecordHeading
        name={supplier.Name}
        active={supplier.IsActive}
        details={t('fields.modelCountValue', { count: supplier.ModelCount })}
        actions={
          <ActiveSwitch
            active={supplier.IsActive}
            setActive={(IsActive) => change({ IsActive })}
            disabled={readOnly}
            testId="supplier-active"
          />
        }
      />
      <ErpNotice />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <CommitField
            version={supplier.RowVersion}
            name="Name"
            label={t('fields.name')}
            value={supplier.Name}
            validate={check(nameRules)}
            required
            readOnly={readOnly}
            onCommit={(Name) => change({ Name })}
          />
          <CommitField
            version={supplier.RowVersion}
            name="Email"
            type="email"
            label={t('fields.email')}
            value={supplier.Email}
            validate={check(emailRules)}
            readOnly={readOnly}
            onCommit={(Email) => change({ Email })}
          />
          <CommitField
            version={supplier.RowVersion}
            name="Phone"
            type="tel"
            label={t('fields.phone')}
            value={supplier.Phone}
            validate={check(phoneRules)}
            readOnly={readOnly}
            onCommit={(Phone) => change({ Phone })}
          />
        </Stack>
      </Paper>
    </Box>
  );
}

interface NewSupplierForm {
  Name: string;
  Email: string;
  Phone: string;
}

/** NewSupplier (new/:supplierId, 0): the create form; read-only supplier users are refused. */
export function NewSupplierPage() {
  const { t } = useTranslation(['pim', 'validation', 'common']);
  const navigate = useNavigate();
  const readOnly = useSuppliersReadOnly();
  const createSupplier = useCreateSupplier();
  const { control, handleSubmit, formState, setError } = useForm<NewSupplierForm>({
    mode: 'onTouched',
    defaultValues: { Name: '', Email: '', Phone: '' },
  });
  const check = useRuleMessage();

  const submit = handleSubmit(async (v) => {
    try {
      const created = await createSupplier.mutateAsync({
        Name: v.Name.trim(),
        Email: v.Email.trim(),
        Phone: v.Phone.trim(),
        IsActive: true,
      });
      navigate(pathFor('SupplierInfo', { supplierId: String(created.Id) }), { replace: true });
    } catch (err) {
      for (const e of err instanceof ApiError ? (err.body?.Errors ?? []) : []) {
        if (e.Field === 'Name' || e.Field === 'Email' || e.Field === 'Phone')
          setError(e.Field, { type: 'server', message: e.Message });
      }
    }
  });

  if (readOnly)
    return (
      <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720 }}>
        <ErpNotice />
        <Typography color="text.secondary">{t('suppliers.noCreate')}</Typography>
      </Box>
    );

  const text = (name: keyof NewSupplierForm, label: string, rule: Rule, type = 'text') => (
    <Controller
      control={control}
      name={name}
      rules={{ validate: (v) => check(rule)(v) ?? true }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          type={type}
          label={label}
          required={name === 'Name'}
          size="small"
          autoComplete="off"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('suppliers.newTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          {text('Name', t('fields.name'), nameRules)}
          {text('Email', t('fields.email'), emailRules, 'email')}
          {text('Phone', t('fields.phone'), phoneRules, 'tel')}
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(pathFor('SupplierList'))}>{t('common:cancel')}</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('common.create')}
        </Button>
      </Stack>
    </Box>
  );
}

/** SupplierModelList: the supplier's machine models. */
export function SupplierModelListPage() {
  const id = useRouteId('supplierId');
  if (Number.isNaN(id)) return <PageState error />;
  return <ModelListView filter={{ SupplierId: id }} />;
}

/** SupplierMachineList: the machines of the supplier's models. */
export function SupplierMachineListPage() {
  const id = useRouteId('supplierId');
  const [search, setSearch] = useState('');
  if (Number.isNaN(id)) return <PageState error />;
  return <MachineListView filter={{ SupplierId: id }} search={search} onSearch={setSearch} />;
}
