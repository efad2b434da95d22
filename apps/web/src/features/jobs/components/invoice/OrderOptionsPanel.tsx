import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../../components/commit-field/CommitField.tsx';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { useFieldRules } from '../../../../lib/forms/rules.ts';
import { useSession } from '../../../../lib/session.tsx';
import { type OrderOptionsChange, useChangeOrderOptions, useOrderOptions } from '../../api/invoice.ts';
import { useJobDepartments, useJobProjects } from '../../api/job-view.ts';
import { CommitSelect } from '../job-view/CommitSelect.tsx';

/**
 * The order options of the pre-invoice (Order/OrderOptions): department, project (a choice of the
 * projects with the ProjectsEnabled feature on; the inactive ones only when the order has it), invoice reference,
 * the service manager's comment and 'no invoice' of the whole order, each saved on blur or on choice
 * with the row version read (a concurrent change is refused, never overwritten).
 */
export function OrderOptionsPanel({ jobId, canEdit }: { jobId: number; canEdit: boolean }) {
  const { t } = useTranslation('orders');
  const rules = useFieldRules();
  const options = useOrderOptions(jobId);
  const departments = useJobDepartments(canEdit);
  const projectsOn = useSession().info?.GlobalSettings.Features.ProjectsEnabled === true;
  const projects = useJobProjects(projectsOn);
  const change = useChangeOrderOptions(jobId);
  const [problem, setProblem] = useState<string | null>(null);
  const o = options.data;
  if (!o) return null;
  const projectOptions = (projects.data ?? []).filter((p) => p.IsActive || p.Id === o.ProjectId);
  const save = (query: OrderOptionsChange) =>
    change.mutateAsync({ jobId: o.JobId, query: { ...query, RowVersion: o.RowVersion } });
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-labelledby="order-options-title"
    >
      <Typography variant="h6" component="h2" id="order-options-title" sx={{ mb: 2 }}>
        {t('options.heading')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <CommitSelect
          id="order-department"
          field="DepartmentId"
          label={t('options.department')}
          value={o.DepartmentId}
          options={departments.data?.Content ?? []}
          noneLabel={t('options.noDepartment')}
          readOnly={!canEdit}
          onCommit={(DepartmentId) => save({ DepartmentId: DepartmentId ?? 0 })}
        />
        {projectsOn && (
          <CommitSelect
            id="order-project"
            field="ProjectId"
            label={t('options.project')}
            value={o.ProjectId}
            options={projectOptions}
            noneLabel={t('options.noProject')}
            readOnly={!canEdit}
            onCommit={(ProjectId) => save({ ProjectId: ProjectId ?? 0 })}
          />
        )}
        <CommitField
          version={o.RowVersion}
          name="InvoiceReference"
          label={t('options.invoiceReference')}
          value={o.InvoiceReference}
          readOnly={!canEdit}
          validate={rules.text(200)}
          onCommit={(InvoiceReference) => save({ InvoiceReference })}
        />
        <CommitField
          version={o.RowVersion}
          name="ServiceManagerComment"
          label={t('options.serviceManagerComment')}
          value={o.ServiceManagerComment}
          readOnly={!canEdit}
          validate={rules.text(2000)}
          onCommit={(ServiceManagerComment) => save({ ServiceManagerComment })}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={o.NoInvoice}
              disabled={!canEdit || change.isPending}
              onChange={async (_, NoInvoice) => {
                setProblem(null);
                try {
                  await save({ NoInvoice });
                } catch (err) {
                  setProblem(apiMessage(err) ?? t('failed'));
                }
              }}
            />
          }
          label={t('options.noInvoice')}
        />
        {problem && (
          <Typography color="error" variant="caption" role="alert">
            {problem}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
