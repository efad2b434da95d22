import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { statusIcon } from '../components/status-icons.ts';
import { useMoveJob, useStatusGroups } from './api.ts';
import { acceptsDrop, type DraggedJob, type StatusGroup } from './status-tree.ts';

/**
 * 'Move to status…' (M on a list item, or its button): the keyboard's drop onto a status group. The
 * statuses and sub-statuses the job may take are offered; its own is marked and cannot be chosen.
 */
export default function MoveToStatusMenu(props: {
  job: DraggedJob & { DisplayName: string };
  anchor: HTMLElement;
  onClose(): void;
}) {
  const { job, anchor, onClose } = props;
  const { t } = useTranslation('jobs');
  const groups = useStatusGroups();
  const move = useMoveJob();
  const choose = (group: StatusGroup) => {
    onClose();
    move.mutate({ jobId: job.Id, group }, { onError: () => undefined });
  };
  const item = (g: StatusGroup, nested: boolean) => {
    const Icon = statusIcon(g.icon);
    const own = g.statusId === job.JobStatusId && g.subStatusId === (job.JobSubStatusId ?? null);
    return (
      <MenuItem
        key={g.filter}
        disabled={!acceptsDrop(g, job)}
        onClick={() => choose(g)}
        data-testid={`move-to-${g.filter}`}
        sx={{ pl: nested ? 6 : 2 }}
      >
        <ListItemIcon>
          <Icon fontSize="small" sx={{ color: g.color }} />
        </ListItemIcon>
        <ListItemText primary={g.name} secondary={own ? t('workQueue.current') : undefined} />
        {own ? <Check fontSize="small" sx={{ ml: 1 }} /> : null}
      </MenuItem>
    );
  };
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('workQueue.moveMenu', { name: job.DisplayName }) } }}
    >
      {groups.data
        ? groups.data.flatMap((g) => [item(g, false), ...g.children.map((c) => item(c, true))])
        : [
            <MenuItem key="loading" disabled>
              {t('workQueue.loading')}
            </MenuItem>,
          ]}
    </Menu>
  );
}
