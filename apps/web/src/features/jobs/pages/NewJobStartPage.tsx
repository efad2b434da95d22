import Add from '@mui/icons-material/Add';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFieldProblem, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useJob } from '../api/jobs.ts';
import { useNewJobCustomer, useNewJobMachine, useRememberArticles } from '../api/new-job.ts';
import { ArticleLine } from '../components/new-job/ArticleName.tsx';
import { ArticlePickerDialog } from '../components/new-job/ArticlePickerDialog.tsx';
import { CustomerChoice } from '../components/new-job/CustomerChoice.tsx';
import { MachineHeading } from '../components/new-job/MachineName.tsx';
import { MachinePickerDialog } from '../components/new-job/MachinePickerDialog.tsx';
import {
  NewJobFrame,
  type NewJobPicker,
  Section,
  useNewJobFilter,
  useNewJobQuery,
} from '../components/new-job/NewJobFrame.tsx';
import {
  machinesOf,
  type NewJobStartValues,
  newJobQueryOf,
  newJobStartSchema,
} from '../components/new-job/new-job-form.ts';

interface NewJobForm {
  CustomerId: number | null;
  CustomerDeliveryAddress: number | null;
  ContactPersonId: number | null;
  MachineIds: number[];
}

/**
 * NewJobStart (001 §2.3, §2.8: /job/list/:filter/newjob/start): who the job is for (the customer with
 * its default delivery address and contact, both changeable) and which of its machines, through the
 * machine picker (picker=machine); and the parts it starts with, through the article picker
 * (picker=article; decision 079). customerId, machineId and articleNumber in the query fill it in; the
 * choice stays in the address, so a reload or the way back from the overview keeps it. Next goes to
 * the overview.
 * start/:jobId copies that job (000 §4): its customer, address, contact and machines here, its details
 * and machine lines on the overview (copyOf).
 */
export default function NewJobStartPage() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const filter = useNewJobFilter();
  const { query, picker, setSearch } = useNewJobQuery();
  // start/:jobId: a copy of that job (000 §4).
  const { jobId } = useParams();
  const copyOf = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : null;
  const source = useJob(copyOf);
  const form = useZodForm(newJobStartSchema, {
    CustomerId: query.customerId,
    CustomerDeliveryAddress: query.addressId,
    ContactPersonId: query.contactId,
    MachineIds: query.machineIds,
  } as unknown as NewJobStartValues);
  const problem = useFieldProblem(form);
  const customerId = form.watch('CustomerId') as number | null;
  const addressId = form.watch('CustomerDeliveryAddress') as number | null;
  const contactId = form.watch('ContactPersonId') as number | null;
  const machineIds = form.watch('MachineIds');
  const { setValue, getValues } = form;
  // The chosen articles live in the address alone (the job's form has no parts).
  const articleNumbers = query.articleNumbers ?? [];
  const articlesNow = useRef(articleNumbers);
  articlesNow.current = articleNumbers;
  const rememberArticles = useRememberArticles();
  const submitted = form.formState.isSubmitted;
  const set = useCallback(
    (name: keyof NewJobStartValues, value: unknown) =>
      setValue(name, value as never, { shouldValidate: submitted, shouldDirty: true }),
    [setValue, submitted],
  );
  // The choice is kept in the address with the picker's state, written with each change in one
  // navigation that replaces the address.
  const writeQuery = useCallback(
    (withPicker: NewJobPicker | null, articles: readonly string[] = articlesNow.current) => {
      const v = getValues() as unknown as NewJobForm;
      const next = new URLSearchParams(
        newJobQueryOf({
          customerId: v.CustomerId,
          addressId: v.CustomerDeliveryAddress,
          contactId: v.ContactPersonId,
          machineIds: v.MachineIds,
          articleNumbers: [...articles],
        }),
      );
      if (withPicker) next.set('picker', withPicker);
      setSearch(next, { replace: true });
    },
    [getValues, setSearch],
  );

  // A copy: the job's customer, delivery address, contact and machines, unless the address names others.
  useEffect(() => {
    const job = source.data;
    if (!job || getValues('CustomerId') != null || job.CustomerId === null) return;
    set('CustomerId', job.CustomerId);
    set('CustomerDeliveryAddress', job.CustomerDeliveryAddress);
    set('ContactPersonId', job.ContactPersonId);
    set('MachineIds', machinesOf(job));
    writeQuery(picker);
  }, [source.data, getValues, set, writeQuery, picker]);

  // Only a machine given: its customer is the job's.
  const firstMachine = useNewJobMachine(customerId === null ? (machineIds[0] ?? null) : null);
  useEffect(() => {
    if (customerId !== null || !firstMachine.data) return;
    set('CustomerId', firstMachine.data.CustomerId);
    writeQuery(picker);
  }, [customerId, firstMachine.data, set, writeQuery, picker]);

  // A customer chosen: its default delivery address and contact, unless the address names others.
  const customer = useNewJobCustomer(customerId);
  useEffect(() => {
    const c = customer.data;
    if (!c || c.Id !== customerId) return;
    let changed = false;
    if (getValues('CustomerDeliveryAddress') == null && c.DefaultDeliveryAddressId !== null) {
      set('CustomerDeliveryAddress', c.DefaultDeliveryAddressId);
      changed = true;
    }
    if (getValues('ContactPersonId') == null && c.DefaultCustomerPersonId !== null) {
      set('ContactPersonId', c.DefaultCustomerPersonId);
      changed = true;
    }
    if (changed) writeQuery(picker);
  }, [customer.data, customerId, getValues, set, writeQuery, picker]);

  const next = form.handleSubmit((v) =>
    navigate(
      pathFor(
        'NewJobOverview',
        { filter },
        newJobQueryOf({
          customerId: v.CustomerId,
          addressId: v.CustomerDeliveryAddress,
          contactId: v.ContactPersonId,
          machineIds: v.MachineIds,
          copyOf,
          articleNumbers,
        }),
      ),
    ),
  );

  return (
    <NewJobFrame step={0}>
      <Box component="form" noValidate onSubmit={(e) => void next(e)} aria-label={t('newJob.stepStart')}>
        <Section title={t('newJob.customerSection')}>
          <CustomerChoice
            value={{ customerId, addressId, contactId }}
            onCustomer={(id) => {
              set('CustomerId', id);
              set('CustomerDeliveryAddress', null);
              set('ContactPersonId', null);
              // Another customer's machines cannot be on the job.
              set('MachineIds', []);
              writeQuery(null);
            }}
            onAddress={(id) => {
              set('CustomerDeliveryAddress', id);
              writeQuery(null);
            }}
            onContact={(id) => {
              set('ContactPersonId', id);
              writeQuery(null);
            }}
            errors={{
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
              onClick={() => writeQuery('machine')}
              disabled={customerId === null}
              data-testid="open-machine-picker"
            >
              {t('newJob.addMachines')}
            </Button>
          }
        >
          {machineIds.length === 0 ? (
            <Typography color="text.secondary">
              {customerId === null ? t('newJob.chooseCustomerFirst') : t('newJob.noMachinesYet')}
            </Typography>
          ) : (
            <List disablePadding aria-label={t('newJob.machinesSection')}>
              {machineIds.map((id) => (
                <ListItem key={id} disableGutters divider>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <MachineHeading
                      id={id}
                      onRemove={() => {
                        set(
                          'MachineIds',
                          machineIds.filter((m) => m !== id),
                        );
                        writeQuery(null);
                      }}
                    />
                  </Box>
                </ListItem>
              ))}
            </List>
          )}
          {problem('MachineIds') ? <FormHelperText error>{problem('MachineIds')}</FormHelperText> : null}
        </Section>
        <Section
          title={t('newJob.partsSection')}
          testId="new-job-parts"
          action={
            <Button
              startIcon={<Add />}
              onClick={() => writeQuery('article')}
              data-testid="open-article-picker"
            >
              {t('newJob.addParts')}
            </Button>
          }
        >
          {articleNumbers.length === 0 ? (
            <Typography color="text.secondary">{t('newJob.noPartsYet')}</Typography>
          ) : (
            <List disablePadding aria-label={t('newJob.partsSection')}>
              {articleNumbers.map((n) => (
                <ListItem key={n} disableGutters divider>
                  <ArticleLine
                    number={n}
                    onRemove={() =>
                      writeQuery(
                        null,
                        articleNumbers.filter((a) => a !== n),
                      )
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            endIcon={<ArrowForward />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('newJob.next')}
          </Button>
        </Box>
      </Box>
      {picker === 'article' ? (
        <ArticlePickerDialog
          chosen={articleNumbers}
          onClose={() => writeQuery(null)}
          onDone={(numbers, added) => {
            rememberArticles(added);
            writeQuery(null, numbers);
          }}
        />
      ) : null}
      {picker === 'machine' && customerId !== null ? (
        <MachinePickerDialog
          customerId={customerId}
          chosen={machineIds}
          onClose={() => writeQuery(null)}
          onDone={(ids) => {
            set('MachineIds', ids);
            writeQuery(null);
          }}
        />
      ) : null}
    </NewJobFrame>
  );
}
