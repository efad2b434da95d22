import Description from '@mui/icons-material/Description';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { type JobReport, openJobReport } from '../../../lib/api/job-reports.ts';

/**
 * The job's menu (000 §2): open the job in a new tab (`openHref`, the job view's route path; left out
 * on the job view itself), and its hazard analysis and service report, PDFs opened in a new tab.
 */
export function JobReportsMenu({
  job,
  openHref,
}: {
  job: { Id: number; OrderId: string | null };
  openHref?: string;
}) {
  const { t } = useTranslation('reports');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const href = useHref(openHref ?? '.');
  const open = (report: JobReport) => {
    setAnchor(null);
    const name = `${t(report === 'serviceReport' ? 'menu.serviceReport' : 'menu.hazardAnalysis')} ${job.OrderId ?? job.Id}.pdf`;
    // A failed fetch is told by the API client's snackbar; nothing more to do here.
    openJobReport(report, job.Id, name).catch(() => undefined);
  };
  return (
    <>
      <Tooltip title={t('menu.label')}>
        <IconButton
          aria-label={t('menu.label')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {openHref ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              window.open(href, '_blank', 'noopener');
            }}
          >
            <ListItemIcon>
              <OpenInNew fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('menu.openInNewTab')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => open('hazardAnalysis')}>
          <ListItemIcon>
            <HealthAndSafety fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.hazardAnalysis')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => open('serviceReport')}>
          <ListItemIcon>
            <Description fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.serviceReport')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
