import ViewListIcon from '@mui/icons-material/ViewList';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../../lib/preferences.ts';

/** The toolbar's job-list toggle (000 §2): shows or hides the panel, kept in PlannerJobListShow. */
export function JobListToggle() {
  const { t } = useTranslation('planner');
  const [show, setShow] = usePreference('PlannerJobListShow');
  const text = show ? t('jobList.hide') : t('jobList.show');
  return (
    <Tooltip title={text}>
      <IconButton
        aria-label={t('toolbar.jobList')}
        aria-pressed={show}
        color={show ? 'primary' : 'default'}
        onClick={() => setShow(!show)}
      >
        <ViewListIcon />
      </IconButton>
    </Tooltip>
  );
}
