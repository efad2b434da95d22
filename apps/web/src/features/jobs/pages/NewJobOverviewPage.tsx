import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showServerErrors, useFieldProblem, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useSession } from '../../../lib/session.tsx';
import { useJob } from '../api/jobs.ts';
import { useCreateJob } from '../api/mutations.ts';
import {
  useAddNewJobParts,
  useCustomerAddresses,
  useCustomerContacts,
  useNewJobCustomer,
} from '../api/new-job.ts';
import { ArticleLine } from '../components/new-job/ArticleName.tsx';
import { JobDetailsFields } from '../components/new-job/JobDetailsFields.tsx';
import { MachineLineFields } from '../components/new-job/MachineLineFields.tsx';
import { MachinePickerDialog } from '../components/new-job/MachinePickerDialog.tsx';
import { NewJobFrame, Section, useNewJobFilter, useNewJobQuery } from '../components/new-job/NewJobFrame.tsx';
import {
  copiedValues,
  formFieldOf,
  machineLine,
  type NewJobValues,
  newJobQueryOf,
  newJobSchema,
} from '../components/new-job/new-job-form.ts';

/** A new job is status 10, new or unplanned (000 §4). */
const NEW_STATUS = 10;

/**
 * NewJobOverview (001 §2.3, §2.8: /job/list/:filter/newjob/overview): the choice of the start step
 * (customer, delivery address, contact; Change goes back to it), each machine's line, and the job's
 * details; every rule of 000 §5 shows under its field before anything is sent, the server's refusals
 * under theirs. Create sends the job once (Idempotency-Key) and opens its view. With copyOf, the copied
 * job's details and machine lines are filled in.
 */
export default function NewJobOverviewPage() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const filter = useNewJobFilter();
  const { query, picker, setSearch } = useNewJobQuery();
  const { info } = useSession();
  const defaultCategory = info?.GlobalSettings.DefaultJobCategoryId;
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const create = useCreateJob(idempotencyKey);
  const addParts = useAddNewJobParts();
  const articleNumbers = query.articleNumbers ?? [];

  const form = useZodForm(newJobSchema, {
    CustomerId: query.customerId,
    CustomerDeliveryAddress: query.addressId,
    ContactPersonId: query.contactId,
    JobStatusId: NEW_STATUS,
    JobTypeId: null,
    JobPriorityId: null,
    EstimatedTime: '',
    OrderDepartmentId: null,
    FirstLineComment: '',
    InvoiceReference: '',
    Machines: query.machineIds.map((id) => machineLine(id, defaultCategory)),
  } as unknown as NewJobValues);
  const problem = useFieldProblem(form);
  const lines = useFieldArray({ control: form.control, name: 'Machines' });
  const machineIds = lines.fields.map((f) => f.MachineId);

  // A copy (000 §4): the copied job's details and machine lines, once it is read.
  const source = useJob(query.copyOf ?? null);
  const copied = useRef(false);
  const { reset, getValues } = form;
  useEffect(() => {
    if (!source.data || copied.current) return;
    copied.current = true;
    const ids = getValues('Machines').map((m) => m.MachineId);
    reset(copiedValues(source.data, getValues(), ids, defaultCategory));
  }, [source.data, reset, getValues, defaultCategory]);

  // The machines stay in the address too (so Change and a reload keep them), with the picker's state,
  // written with each change in one navigation that replaces the address.
  const writeQuery = (ids: number[], withPicker: boolean) => {
    const next = new URLSearchParams(newJobQueryOf({ ...query, machineIds: ids }));
    if (withPicker) next.set('picker', 'machine');
    setSearch(next, { replace: true });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const job = await create.mutateAsync(values);
      // The parts chosen on the start step, on the first machine job (decision 079).
      const first = job.InverseParent[0];
      if (first && articleNumbers.length > 0)
        await addParts.mutateAsync({ subJobId: first.Id, articleNumbers });
      navigate(pathFor('ViewJob', { filter, jobId: String(job.Id) }));
    } catch (err) {
      showServerErrors(form, err, (wire) => formFieldOf(wire) as never);
    }
  });

  const startPath = pathFor(
    'NewJobStart',
    { filter, jobId: query.copyOf ? String(query.copyOf) : undefined },
    newJobQueryOf({ ...query, machineIds, copyOf: null }),
  );

  return (
    <NewJobFrame step={1}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('newJob.stepOverview')}>
        <Section
          title={t('newJob.customerSection')}
          action={
            <Button component={RouterLink} to={startPath} startIcon={<ArrowBack />}>
              {t('newJob.change')}
            </Button>
          }
        >
          <ChoiceSummary
            customerId={query.customerId}
            addressId={query.addressId}
            contactId={query.contactId}
            problems={{
              customer: problem('CustomerId'),
              address: problem('CustomerDeliveryAddress'),
              contact: problem('ContactPersonId'),
            }}
          />
        </Section>
        <Section
          title={t('newJob.machinesSection')}
          testId="new-job-machines"
          action={
            <Button
              startIcon={<Add />}
              onClick={() => writeQuery(machineIds, true)}
              disabled={query.customerId === null}
              data-testid="open-machine-picker"
            >
              {t('newJob.addMachines')}
            </Button>
          }
        >
          <Stack spacing={2}>
            {lines.fields.map((f, i) => (
              <MachineLineFields
                key={f.id}
                form={form}
                index={i}
                machineId={f.MachineId}
                onRemove={() => {
                  lines.remove(i);
                  writeQuery(
                    machineIds.filter((_, j) => j !== i),
                    false,
                  );
                }}
              />
            ))}
          </Stack>
          {lines.fields.length === 0 ? (
            <Typography color="text.secondary">{t('newJob.noMachinesYet')}</Typography>
          ) : null}
          {problem('Machines') ? <FormHelperText error>{problem('Machines')}</FormHelperText> : null}
        </Section>
        {articleNumbers.length > 0 ? (
          <Section title={t('newJob.partsSection')} testId="new-job-parts">
            <List disablePadding aria-label={t('newJob.partsSection')}>
              {articleNumbers.map((n) => (
                <ListItem key={n} disableGutters divider>
                  <ArticleLine number={n} />
                </ListItem>
              ))}
            </List>
          </Section>
        ) : null}
        <Section title={t('newJob.detailsSection')}>
          <JobDetailsFields form={form} />
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<Check />}
            disabled={create.isPending || addParts.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {create.isPending || addParts.isPending ? t('newJob.creating') : t('newJob.create')}
          </Button>
        </Box>
      </Box>
      {picker === 'machine' && query.customerId !== null ? (
        <MachinePickerDialog
          customerId={query.customerId}
          chosen={machineIds}
          onClose={() => writeQuery(machineIds, false)}
          onDone={(ids) => {
            const keep = new Set(ids);
            const indexes = machineIds.flatMap((id, i) => (keep.has(id) ? [] : [i]));
            if (indexes.length > 0) lines.remove(indexes);
            const have = new Set(machineIds);
            const added = ids.filter((id) => !have.has(id));
            if (added.length > 0) lines.append(added.map((id) => machineLine(id, defaultCategory)));
            writeQuery([...machineIds.filter((id) => keep.has(id)), ...added], false);
          }}
        />
      ) : null}
    </NewJobFrame>
  );
}

/** The customer, delivery address and contact chosen on the start step, or what is missing. */
function ChoiceSummary(props: {
  customerId: number | null;
  addressId: number | null;
  contactId: number | null;
  problems: { customer?: string | undefined; address?: string | undefined; contact?: string | undefined };
}) {
  const { t } = useTranslation('jobs');
  const customer = useNewJobCustomer(props.customerId);
  const addresses = useCustomerAddresses(props.customerId);
  const contacts = useCustomerContacts(props.customerId);
  const address = addresses.data?.find((a) => a.Id === props.addressId);
  const contact = contacts.data?.find((c) => c.Id === props.contactId);
  const row = (label: string, value: string | undefined, problem: string | undefined, testId: string) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>
        <Typography data-testid={testId}>{value ?? '–'}</Typography>
        {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
      </Box>
    </Box>
  );
  return (
    <Stack spacing={1}>
      {row(t('newJob.customer'), customer.data?.Name, props.problems.customer, 'summary-customer')}
      {row(
        t('newJob.deliveryAddress'),
        address
          ? address.DisplayName || [address.Street, address.Zip, address.City].filter(Boolean).join(', ')
          : undefined,
        props.problems.address,
        'summary-address',
      )}
      {row(t('newJob.contact'), contact?.Name, props.problems.contact, 'summary-contact')}
    </Stack>
  );
}
