import type { LocalNames } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { LocalNamesButton } from '../../../components/local-names/LocalNamesButton.tsx';
import { SkillsField } from '../../../components/skills-field/SkillsField.tsx';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useJobPriorityNames, useJobTypeNames } from '../api/admin.ts';
import { useChangeJobPriority, useChangeJobType } from '../api/mutations.ts';

const MAX_HOURS = 8760;

/** Whole hours from 1 to a year, as PATCH jobpriority takes them. */
const isDueAfterHours = (value: string): boolean => {
  const v = value.trim();
  return /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_HOURS;
};

/**
 * The job types and priorities on the job statuses page (decision 034): their ids stay (type 3 is
 * parts, the priorities' order is their id), their names are the company's, each row's Name in the
 * Admin's own language and the others in the names dialog; a priority also takes its hours until due.
 */
export function JobTypesAndPriorities() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const types = useJobTypeNames();
  const priorities = useJobPriorityNames();
  const changeType = useChangeJobType();
  const changePriority = useChangeJobPriority();
  const nameRule = rules.text(100, { required: true });
  const hoursRule = (v: string) => (isDueAfterHours(v) ? null : t('jobStatuses.hoursRule'));
  // The skills other job types already need, offered as one types (compared without case).
  const allSkills = [
    ...new Map((types.data ?? []).flatMap((x) => x.Skills ?? []).map((s) => [s.toLowerCase(), s])).values(),
  ].sort();

  return (
    <>
      <Section title={t('jobStatuses.jobTypes')} error={types.error}>
        {types.data?.map((type) => {
          const change = (body: { Name?: string; Names?: LocalNames; Skills?: string[] }) =>
            changeType.mutateAsync({ Id: type.Id, RowVersion: type.RowVersion, ...body });
          return (
            <Row key={type.Id} testId={`job-type-${type.Id}`} id={t('jobStatuses.id', { id: type.Id })}>
              <CommitField
                version={type.RowVersion ?? 0}
                name="Name"
                label={t('jobStatuses.name')}
                value={type.Name}
                required
                validate={nameRule}
                onCommit={(Name) => change({ Name })}
              />
              <LocalNamesButton
                name={type.Name}
                names={type.Names ?? {}}
                version={type.RowVersion ?? 0}
                onCommit={(lang, value) => change({ Names: { [lang]: value } })}
              />
              <SkillsField
                name="Skills"
                label={t('jobStatuses.skills')}
                value={type.Skills ?? []}
                options={allSkills}
                onCommit={(Skills) => change({ Skills })}
              />
            </Row>
          );
        })}
      </Section>
      <Section title={t('jobStatuses.priorities')} error={priorities.error}>
        {priorities.data?.map((priority) => {
          const change = (body: { Name?: string; Names?: LocalNames; DueAfterHours?: number }) =>
            changePriority.mutateAsync({ Id: priority.Id, RowVersion: priority.RowVersion, ...body });
          return (
            <Row
              key={priority.Id}
              testId={`priority-${priority.Id}`}
              id={t('jobStatuses.id', { id: priority.Id })}
            >
              <CommitField
                version={priority.RowVersion ?? 0}
                name="Name"
                label={t('jobStatuses.name')}
                value={priority.Name}
                required
                validate={nameRule}
                onCommit={(Name) => change({ Name })}
              />
              <LocalNamesButton
                name={priority.Name}
                names={priority.Names ?? {}}
                version={priority.RowVersion ?? 0}
                onCommit={(lang, value) => change({ Names: { [lang]: value } })}
              />
              <CommitField
                version={priority.RowVersion ?? 0}
                name="DueAfterHours"
                label={t('jobStatuses.dueAfterHours')}
                value={String(priority.DueAfterHours)}
                inputMode="numeric"
                required
                validate={hoursRule}
                onCommit={(v) => change({ DueAfterHours: Number(v.trim()) })}
              />
            </Row>
          );
        })}
      </Section>
    </>
  );
}

function Section(props: { title: string; error: unknown; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Stack component="section" spacing={1.5} sx={{ mt: 4 }} aria-label={props.title}>
      <Typography variant="subtitle1" component="h3">
        {props.title}
      </Typography>
      {props.error ? (
        <Alert severity="error">{apiMessage(props.error) || t('loadFailed')}</Alert>
      ) : (
        props.children
      )}
    </Stack>
  );
}

function Row(props: { testId: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={props.testId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 56 }}>
          {props.id}
        </Typography>
        {props.children}
      </Stack>
    </Paper>
  );
}
