import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { readNewJobQuery } from './new-job-form.ts';

/** The job list filter the New job pages sit under (001 §2.3: default 'my'). */
export function useNewJobFilter(): string {
  return useParams().filter || 'my';
}

/** The pickers a New job page opens from its address (001 §2.3: picker=machine, picker=article). */
export type NewJobPicker = 'machine' | 'article';

/** The choice the page's address carries, and which picker is open (picker=machine or article), if any. */
export function useNewJobQuery() {
  const [search, setSearch] = useSearchParams();
  const value = search.get('picker');
  const picker: NewJobPicker | null = value === 'machine' || value === 'article' ? value : null;
  return { query: readNewJobQuery(search), picker, search, setSearch };
}

/** The two steps' page: heading, where the user is (1 customer and machines, 2 details), content. */
export function NewJobFrame(props: { step: 0 | 1; children: ReactNode }) {
  const { t } = useTranslation('jobs');
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('newJob.title')}
      </Typography>
      <Stepper activeStep={props.step} alternativeLabel sx={{ mb: 2 }}>
        <Step>
          <StepLabel>{t('newJob.stepStart')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('newJob.stepOverview')}</StepLabel>
        </Step>
      </Stepper>
      {props.children}
    </Box>
  );
}

/** A titled part of a New job page. */
export function Section(props: { title: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
      data-testid={props.testId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      {props.children}
    </Paper>
  );
}
