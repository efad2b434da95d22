import { PartnerCompanyInput } from '@fieldport/contract';
import AddBusiness from '@mui/icons-material/AddBusiness';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useConfirm,
  useCreatedNotice,
  useSnackbar,
  useUnshownFailure,
} from '../../../components/feedback/index.ts';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import {
  type PartnerCompanyItem,
  useChangePartnerCompany,
  useCreatePartnerCompany,
  useDeletePartnerCompany,
  usePartnerCompany,
  usePartnerCompanyList,
} from '../api/partners.ts';

/** Text search debounce (002 §9: 400 ms). */
const SEARCH_DEBOUNCE_MS = 400;

/** PartnerCompanyList (/partner/companies): the partner companies, searched; inactive ones greyed. */
export function PartnerCompanyListPage() {
  const { t } = useTranslation('partners');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePartnerCompanyList(word);
  return (
    <ListLayout
      tools={
        <>
          <SearchField label={t('search')} value={search} onChange={setSearch} />
          <Button
            variant="contained"
            startIcon={<AddBusiness />}
            component={Link}
            to={pathFor('NewPartnerCompany')}
          >
            {t('new_company')}
          </Button>
        </>
      }
      count={list.isPending ? null : t('count', { count: list.total })}
    >
      <PagedList
        list={list}
        label={t('companies')}
        emptyText={word ? t('no_match') : t('none')}
        renderItem={(c) => (
          <ListItemButton
            key={c.Id}
            component={Link}
            to={pathFor('PartnerCompanyInfo', { partnerCompanyId: String(c.Id) })}
            data-testid={`partner-company-row-${c.Id}`}
            sx={c.IsActive ? undefined : INACTIVE_ROW}
          >
            <ListItemText
              primary={c.Name}
              secondary={[
                c.OrganisationNumber,
                t('customer_count', { count: c.CustomerCount }),
                t('user_count', { count: c.UserCount }),
                c.IsActive ? null : t('inactive'),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        )}
        testId="partner-company-list"
      />
    </ListLayout>
  );
}

type Form = { Name: string; OrganisationNumber: string; Email: string; Phone: string; IsActive: boolean };
const FIELDS = ['Name', 'OrganisationNumber', 'Email', 'Phone'] as const;

const valuesOf = (c?: PartnerCompanyItem): Form => ({
  Name: c?.Name ?? '',
  OrganisationNumber: c?.OrganisationNumber ?? '',
  Email: c?.Email ?? '',
  Phone: c?.Phone ?? '',
  IsActive: c?.IsActive ?? true,
});

/** The partner company's form: the contract's rules, server refusals under their fields. */
function CompanyForm(props: {
  company?: PartnerCompanyItem;
  submitText: string;
  onSubmit(values: Form): Promise<unknown>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('partners');
  const form = useZodForm(PartnerCompanyInput, valuesOf(props.company));
  const textField = useTextField(form);
  const unshown = useUnshownFailure();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setRefusal(null);
    try {
      await props.onSubmit(v as Form);
    } catch (err) {
      unshown(err);
      showServerErrors(form, err, (f) =>
        (FIELDS as readonly string[]).includes(f) ? (f as keyof Form) : null,
      );
      if (err instanceof ApiError && err.body && !err.body.Errors?.length) setRefusal(err.body.Message);
    }
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 720 }}
    >
      {refusal ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textField('Name')}
          label={t('field.Name')}
          size="small"
          required
          autoFocus={!props.company}
        />
        <TextField {...textField('OrganisationNumber')} label={t('field.OrganisationNumber')} size="small" />
        <TextField
          {...textField('Email')}
          label={t('field.Email')}
          size="small"
          type="email"
          inputMode="email"
        />
        <TextField {...textField('Phone')} label={t('field.Phone')} size="small" type="tel" inputMode="tel" />
      </Box>
      <Controller
        control={form.control}
        name="IsActive"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('field.IsActive')}
          />
        )}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {props.submitText}
        </Button>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** NewPartnerCompany (/partner/companies/new): the form; once created, the company's info page. */
export function NewPartnerCompanyPage() {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const create = useCreatePartnerCompany();
  const createdNotice = useCreatedNotice();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('new_company')}
      </Typography>
      <CompanyForm
        submitText={t('create')}
        onSubmit={async (v) => {
          const company = await create.mutateAsync(v);
          createdNotice();
          navigate(pathFor('PartnerCompanyInfo', { partnerCompanyId: String(company.Id) }));
        }}
      />
    </Box>
  );
}

/** The partner company of the address (:partnerCompanyId), or why it is not there. */
export function usePartnerCompanyOfRoute() {
  const id = Number(useParams().partnerCompanyId);
  return { id, query: usePartnerCompany(id) };
}

/** PartnerCompanyInfo: the company's details, saved together; delete while nothing belongs to it. */
export function PartnerCompanyInfoPage() {
  const { t } = useTranslation(['partners', 'common']);
  const { id, query } = usePartnerCompanyOfRoute();
  const change = useChangePartnerCompany();
  const remove = useDeletePartnerCompany();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  if (query.isError)
    return (
      <Typography color="error" role="alert" sx={{ p: 2 }}>
        {t('partners:not_found', { id })}
      </Typography>
    );
  const company = query.data;
  if (!company) return <CircularProgress aria-label={t('common:loading')} sx={{ m: 2 }} />;
  const deleteCompany = async () => {
    if (
      !(await confirm({
        title: t('partners:delete_title', { name: company.Name }),
        message: t('partners:delete_text', { name: company.Name }),
        confirmText: t('partners:delete'),
      }))
    )
      return;
    try {
      await remove.mutateAsync(company.Id);
      navigate(pathFor('PartnerCompanyList'));
    } catch {
      // The client has shown why (still in use).
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto' }}>
      <Typography variant="h6" component="h2">
        {company.Name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[
          t('partners:customer_count', { count: company.CustomerCount }),
          t('partners:user_count', { count: company.UserCount }),
        ].join(' · ')}
      </Typography>
      <CompanyForm
        key={company.RowVersion}
        company={company}
        submitText={t('common:save')}
        onSubmit={async (v) => {
          await change.mutateAsync({ Id: company.Id, ...v, RowVersion: company.RowVersion });
          snackbar.show({ text: t('partners:saved'), severity: 'success' });
        }}
      >
        <Button
          color="error"
          variant="outlined"
          onClick={() => void deleteCompany()}
          disabled={remove.isPending}
        >
          {t('partners:delete')}
        </Button>
      </CompanyForm>
    </Box>
  );
}
