import { TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { formatDate, formatDateTime } from '../../../i18n/dates.ts';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import {
  type LeadItem,
  useChangeLead,
  useChangeLeadType,
  useConvertLead,
  useCreateLead,
  useCreateLeadType,
  useDeleteLead,
  useDeleteLeadType,
  useLeadList,
  useLeadTypes,
} from '../api/leads.ts';
import { EMPTY_LEAD, LeadForm, type LeadFormValues } from './LeadForm.tsx';

const valuesOf = (l: LeadItem): LeadFormValues => ({
  Name: l.Name,
  ContactName: l.ContactName,
  Email: l.Email,
  Phone: l.Phone,
  Street: l.Street,
  Zip: l.Zip,
  City: l.City,
  Country: l.Country,
  Description: l.Description,
  LeadTypeId: l.LeadTypeId,
});

/**
 * LeadList (/admin/lead/list, LeadsEnabled): the open leads searched (converted ones on request), New
 * lead, and a lead opened in a dialog to change, delete or convert into a customer and a job.
 */
export function LeadListPage() {
  const { t } = useTranslation(['org', 'common']);
  const [text, setText] = useState('');
  const [converted, setConverted] = useState(false);
  const word = useDebouncedValue(effectiveSearch(text), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useLeadList(word, converted);
  const types = useLeadTypes();
  const [open, setOpen] = useState<LeadItem | 'new' | null>(null);
  const actions = useMemo<HeaderAction[]>(
    () => [{ id: 'new-lead', label: t('leads.new'), icon: <Add />, onClick: () => setOpen('new') }],
    [t],
  );
  useHeaderActions(actions);
  return (
    <>
      <ListLayout
        tools={
          <>
            <SearchField label={t('leads.search')} value={text} onChange={setText} />
            <FormControlLabel
              control={<Switch checked={converted} onChange={(_, v) => setConverted(v)} />}
              label={t('leads.showConverted')}
            />
          </>
        }
        count={list.isPending ? null : t('leads.count', { count: list.total })}
      >
        <PagedList
          list={list}
          label={t('leads.title')}
          emptyText={t('leads.empty')}
          renderItem={(l) => (
            <ListItemButton divider onClick={() => setOpen(l)} data-testid={`lead-row-${l.Id}`}>
              <ListItemText
                primary={l.Name}
                secondary={[
                  l.ContactName,
                  l.City,
                  l.LeadTypeName,
                  l.IsConverted ? t('leads.converted') : formatDate(l.Created),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          )}
        />
      </ListLayout>
      {open !== null && (
        <LeadDialog
          lead={open === 'new' ? null : open}
          types={types.data ?? []}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function LeadDialog(props: {
  lead: LeadItem | null;
  types: NonNullable<ReturnType<typeof useLeadTypes>['data']>;
  onClose(): void;
}) {
  const { t } = useTranslation(['org', 'common']);
  const { lead } = props;
  const create = useCreateLead();
  const change = useChangeLead();
  const remove = useDeleteLead();
  const convert = useConvertLead();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const converted = lead?.IsConverted ?? false;

  const doConvert = async () => {
    if (!lead) return;
    const ok = await confirm({
      title: t('leads.convertTitle'),
      message: t('leads.convertMessage', { name: lead.Name }),
    });
    if (!ok) return;
    setProblem(null);
    try {
      const done = await convert.mutateAsync({ id: lead.Id, body: { RowVersion: lead.RowVersion } });
      props.onClose();
      navigate(pathFor('ViewJob', { filter: 'my', jobId: String(done.JobId) }));
    } catch (err) {
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
    }
  };
  const doDelete = async () => {
    if (!lead) return;
    const ok = await confirm({
      title: t('leads.deleteTitle'),
      message: t('leads.deleteMessage', { name: lead.Name }),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(lead.Id);
      props.onClose();
    } catch (err) {
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
    }
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="lead-dialog-title">
      <DialogTitle id="lead-dialog-title">{lead ? lead.Name : t('leads.new')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {converted && lead && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('leads.convertedInfo', { date: formatDateTime(lead.ConvertedAt) })}{' '}
            {lead.JobId !== null && (
              <Button
                size="small"
                onClick={() => {
                  props.onClose();
                  navigate(pathFor('ViewJob', { filter: 'my', jobId: String(lead.JobId) }));
                }}
              >
                {t('leads.openJob')}
              </Button>
            )}
          </Alert>
        )}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <LeadForm
          initial={lead ? valuesOf(lead) : EMPTY_LEAD}
          types={props.types}
          readOnly={converted}
          submitLabel={t('common:save')}
          onCancel={props.onClose}
          onSubmit={async (values) => {
            if (lead) await change.mutateAsync({ Id: lead.Id, ...values, RowVersion: lead.RowVersion });
            else await create.mutateAsync(values);
            props.onClose();
          }}
          extra={
            lead && !converted ? (
              <>
                <Button color="error" onClick={doDelete}>
                  {t('common:delete')}
                </Button>
                <Button variant="outlined" onClick={doConvert} disabled={convert.isPending}>
                  {t('leads.convert')}
                </Button>
              </>
            ) : null
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** LeadTypes (/admin/lead/types): the types by name, added, renamed, switched off and deleted. */
export function LeadTypesPage() {
  const { t } = useTranslation(['org', 'common']);
  const types = useLeadTypes();
  const create = useCreateLeadType();
  const change = useChangeLeadType();
  const remove = useDeleteLeadType();
  const confirm = useConfirm();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
      return true;
    } catch (err) {
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
      return false;
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
      <Typography color="text.secondary">{t('leadTypes.help')}</Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (name.trim() === '') {
            setProblem(t('leadTypes.nameRequired'));
            return;
          }
          if (await run(() => create.mutateAsync({ Name: name }))) setName('');
        }}
      >
        <TextField
          size="small"
          label={t('leadTypes.name')}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('leadTypes.add')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Paper variant="outlined">
        {types.data?.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('leadTypes.empty')}
          </Typography>
        ) : (
          <List aria-label={t('leadTypes.title')}>
            {types.data?.map((type) => (
              <ListItem key={type.Id} divider data-testid={`lead-type-${type.Id}`}>
                <ListItemText
                  primary={type.Name}
                  secondary={t('leadTypes.leads', { count: type.LeadCount })}
                  sx={type.IsActive ? undefined : INACTIVE_ROW}
                />
                <Switch
                  checked={type.IsActive}
                  slotProps={{ input: { 'aria-label': t('leadTypes.activeOf', { name: type.Name }) } }}
                  onChange={() =>
                    run(() =>
                      change.mutateAsync({
                        Id: type.Id,
                        IsActive: !type.IsActive,
                        RowVersion: type.RowVersion,
                      }),
                    )
                  }
                />
                <Tooltip title={t('common:delete')}>
                  <IconButton
                    aria-label={t('leadTypes.deleteOf', { name: type.Name })}
                    onClick={async () => {
                      const ok = await confirm({
                        title: t('leadTypes.deleteTitle'),
                        message: t('leadTypes.deleteMessage', { name: type.Name }),
                      });
                      if (ok) await run(() => remove.mutateAsync(type.Id));
                    }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
