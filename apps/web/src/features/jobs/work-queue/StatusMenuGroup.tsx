import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuGroupProps } from '../../../components/shell/menu-groups.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useActiveRoute } from '../../../lib/routing/hooks.ts';
import { parseJobFilter } from '../../../lib/routing/job-filter.ts';
import { statusIcon } from '../components/status-icons.ts';
import { useMoveJob, useStatusGroups } from './api.ts';
import { draggedJob, droppedJob, endJobDrag, isJobDrag } from './drag.ts';
import { acceptsDrop, type StatusGroup } from './status-tree.ts';

/**
 * The Jobs menu's status groups (000 §2, 001 §2.2): each status with its count, its sub-statuses below
 * it, each opening the job list of its filter. A job list item dropped on one takes that status.
 */
export default function StatusMenuGroup({ depth, onNavigate }: MenuGroupProps) {
  const { t } = useTranslation('jobs');
  const groups = useStatusGroups();
  const active = useActiveRoute();
  const filter = active.route?.name === 'JobList' ? active.params.filter : undefined;
  if (!groups.data?.length) return null;
  return (
    <>
      <Box component="li" sx={{ pl: 2 + depth * 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
          {t('workQueue.groups')}
        </Typography>
      </Box>
      {groups.data.map((g) => (
        <StatusItem key={g.filter} group={g} depth={depth} onNavigate={onNavigate} filter={filter} />
      ))}
    </>
  );
}

function StatusItem(props: {
  group: StatusGroup;
  depth: number;
  onNavigate?: (() => void) | undefined;
  filter: string | undefined;
}) {
  const { group, depth, onNavigate, filter } = props;
  const { t } = useTranslation(['jobs', 'shell']);
  const current = parseJobFilter(filter);
  const onIt = current?.kind === 'status' && current.statusId === group.statusId;
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? onIt;
  const hasChildren = group.children.length > 0;
  return (
    <>
      <Box component="li" sx={{ position: 'relative', display: 'flex', alignItems: 'center' }}>
        <DropTarget
          group={group}
          depth={depth}
          onNavigate={onNavigate}
          filter={filter}
          toggle={hasChildren}
        />
        {hasChildren ? (
          <IconButton
            size="small"
            onClick={() => setOpen(!expanded)}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'shell:menu.collapse' : 'shell:menu.expand', { name: group.name })}
            sx={{ position: 'absolute', right: 12 }}
          >
            {expanded ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        ) : null}
      </Box>
      {hasChildren && expanded
        ? group.children.map((c) => (
            <Box component="li" key={c.filter}>
              <DropTarget
                group={c}
                depth={depth + 1}
                onNavigate={onNavigate}
                filter={filter}
                toggle={false}
              />
            </Box>
          ))
        : null}
    </>
  );
}

/** A status or sub-status: a link to its list that takes a dropped job. */
function DropTarget(props: {
  group: StatusGroup;
  depth: number;
  onNavigate?: (() => void) | undefined;
  filter: string | undefined;
  toggle: boolean;
}) {
  const { group, depth, onNavigate, filter, toggle } = props;
  const { i18n } = useTranslation();
  const move = useMoveJob();
  const [over, setOver] = useState(false);
  const isCurrent = filter === group.filter;
  const Icon = statusIcon(group.icon);
  const count = new Intl.NumberFormat(i18n.language).format(group.count) + (group.capped ? '+' : '');

  // Without the job of this page's drag (one from another tab), the drop itself decides.
  const accepts = (e: DragEvent) => {
    const job = draggedJob();
    return isJobDrag(e) && group.droppable && (!job || acceptsDrop(group, job));
  };
  const onDragOver = (e: DragEvent) => {
    if (!accepts(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    setOver(false);
    const job = droppedJob(e);
    endJobDrag();
    if (!job || !acceptsDrop(group, job)) return;
    e.preventDefault();
    move.mutate({ jobId: job.Id, group }, { onError: () => undefined });
  };

  return (
    <ListItemButton
      component={Link}
      to={pathFor('JobList', { filter: group.filter })}
      onClick={onNavigate}
      selected={isCurrent}
      aria-current={isCurrent ? 'page' : undefined}
      data-testid={`status-group-${group.filter}`}
      data-count={group.count}
      data-drop-over={over || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        pl: 2 + depth * 2,
        pr: toggle ? 6 : 2,
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon sx={{ color: group.color }} />
      </ListItemIcon>
      {/* The whole name, on two lines if need be ('Waiting for parts', 'Venter på kundesvar'): cut, it
          left statuses that begin alike ('Waiting f…') alike. */}
      <ListItemText
        primary={group.name}
        sx={{ my: 0.25 }}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      {/* The count (its badge) after the name: the link reads 'Planned 4'. */}
      <Typography variant="body2" color="text.secondary" sx={{ ml: 1, fontVariantNumeric: 'tabular-nums' }}>
        {count}
      </Typography>
    </ListItemButton>
  );
}
