import { swapCustomerNeedsConfirmation } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { CustomerDropdown } from '../../../../components/search-dropdown/index.ts';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { useCan } from '../../../../lib/use-can.ts';
import { useSwapJobAddress, useSwapJobContact, useSwapJobCustomer } from '../../api/job-view.ts';
import type { Job } from '../../api/jobs.ts';
import { useCustomerAddresses, useCustomerContacts } from '../../api/new-job.ts';
import { CommitSelect } from './CommitSelect.tsx';

/**
 * The job's customer, delivery address and contact (000 §4). Swapping the customer is for Admin and
 * Subcontractor (Job.SwapCustomer): the job moves to the customer's default address and contact and
 * every machine job is removed, so while it has any the user confirms first. The address and the
 * contact are chosen among the customer's own.
 */
export function JobCustomerPanel({ job, open }: { job: Job; open: boolean }) {
  const { t } = useTranslation('jobs');
  const confirm = useConfirm();
  const canSwapCustomer = useCan('Job.SwapCustomer') && open;
  const canSwapAddress = useCan('Job.SwapAddress') && open;
  const canSwapContact = useCan('Job.SwapContact') && open;
  const swapCustomer = useSwapJobCustomer(job.Id);
  const swapAddress = useSwapJobAddress(job.Id);
  const swapContact = useSwapJobContact(job.Id);
  const addresses = useCustomerAddresses(job.CustomerId);
  const contacts = useCustomerContacts(job.CustomerId);
  const [problem, setProblem] = useState<string | null>(null);
  const addressId = job.CustomerDeliveryAddress;
  const contactId = job.ContactPersonId;
  const addressOptions = (addresses.data ?? [])
    .filter((a) => a.IsDelivery || a.Id === addressId)
    .map((a) => ({
      Id: a.Id,
      Name:
        a.DisplayName || [a.Street, a.Zip, a.City].filter(Boolean).join(', ') || t('newJob.unnamedAddress'),
    }));
  const contactOptions = (contacts.data ?? [])
    .filter((c) => c.IsActive || c.Id === contactId)
    .map((c) => ({ Id: c.Id, Name: [c.Name, c.Mobile || c.Email].filter(Boolean).join(' · ') }));

  const changeCustomer = async (customerId: number | null) => {
    if (customerId === null || customerId === job.CustomerId) return;
    setProblem(null);
    const subJobs = job.InverseParent.length;
    const needsConfirmation = swapCustomerNeedsConfirmation(subJobs);
    if (needsConfirmation) {
      const ok = await confirm({
        title: t('jobView.swapCustomerTitle'),
        message: t('jobView.swapCustomerMessage', { count: subJobs }),
        confirmText: t('jobView.swapCustomerConfirm'),
      });
      if (!ok) return;
    }
    try {
      await swapCustomer.mutateAsync({ customerId, confirm: needsConfirmation });
    } catch (err) {
      setProblem(apiMessage(err) ?? t('jobView.swapFailed'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="job-customer-heading">
      <Typography variant="subtitle2" component="h3" id="job-customer-heading" gutterBottom>
        {t('jobView.customerSection')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <CustomerDropdown
          value={job.CustomerId}
          onChange={(id) => void changeCustomer(id)}
          label={t('newJob.customer')}
          testId="job-customer"
          clearable={false}
          readOnly={!canSwapCustomer}
          disabled={swapCustomer.isPending}
          {...(canSwapCustomer ? { helperText: t('jobView.swapCustomerHint') } : {})}
        />
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <CommitSelect
          id="job-address"
          label={t('newJob.deliveryAddress')}
          value={addressId}
          options={addressOptions}
          required
          readOnly={!canSwapAddress}
          onCommit={(id) => swapAddress.mutateAsync(id!)}
        />
        <CommitSelect
          id="job-contact"
          label={t('newJob.contact')}
          value={contactId}
          options={contactOptions}
          required
          readOnly={!canSwapContact}
          onCommit={(id) => swapContact.mutateAsync(id!)}
        />
      </Box>
    </Paper>
  );
}
