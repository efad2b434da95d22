import { TASK_PANEL_WIDTH } from '@fieldport/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Task } from './api.ts';
import { useRestartTask } from './mutations.ts';
import { isFinished, isSlow, stillShown } from './task-rules.ts';

const DISMISSED_KEY = 'TaskPanelDismissed';

const readDismissed = (): number[] => {
  try {
    return JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
};

/** The panel's distance from the bottom of the window, above the footer. */
const PANEL_BOTTOM = 40;

/** What this browser knows of each task: when it first saw it finished, how often it checked it unfinished. */
type Seen = Map<number, { finishedAt?: number; checks: number; finishedBeforeLoad: boolean }>;

/**
 * The background task panel (001 §2.2, §4; 000 §4): 290 px, minimised or expanded, at the bottom of
 * the screen. Waiting tasks show an hourglass, running ones their progress, failed ones an alert (a
 * click restarts them), completed ones a check (a click follows their link). Tasks that were already
 * finished when the page opened are not shown again unless kept in the bar.
 */
export default function TaskPanel({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const restart = useRestartTask();
  const seen = useRef<Seen>(new Map());
  const [expanded, setExpanded] = useState(true);
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);
  const [now, setNow] = useState(() => Date.now());
  const [panel, setPanel] = useState<HTMLElement | null>(null);

  // The page keeps room below its content for the panel, so its last lines (a form's buttons) can
  // always be scrolled above it (the shell's main area pads by --task-panel-space).
  useEffect(() => {
    if (!panel || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--task-panel-space', `${panel.offsetHeight + PANEL_BOTTOM + 8}px`),
    );
    observer.observe(panel);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--task-panel-space');
    };
  }, [panel]);

  // Each new list of tasks is one check of the unfinished ones.
  useEffect(() => {
    const at = Date.now();
    const first = seen.current.size === 0;
    for (const task of tasks) {
      const s = seen.current.get(task.taskId) ?? { checks: 0, finishedBeforeLoad: first && isFinished(task) };
      if (isFinished(task)) s.finishedAt ??= at;
      else s.checks += 1;
      seen.current.set(task.taskId, s);
    }
    setNow(at);
  }, [tasks]);
  // Removal after 4 s or 25 s needs the clock to move on between checks.
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);

  const shown = tasks.filter((task) => {
    const s = seen.current.get(task.taskId) ?? { checks: 0, finishedBeforeLoad: false };
    if (dismissed.includes(task.taskId)) return false;
    if (s.finishedBeforeLoad && !task.keepInNotificationBar) return false;
    return stillShown(task, s, now);
  });
  if (shown.length === 0) return null;

  const dismiss = (id: number) => {
    const next = [...dismissed, id].slice(-200);
    setDismissed(next);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
  };
  const open = async (task: Task) => {
    if (task.status === 'failed') {
      await restart.mutateAsync(task.taskId);
    } else if (task.status === 'completed' && task.returnObject?.link) navigate(task.returnObject.link);
  };

  return (
    <Paper
      ref={setPanel}
      elevation={6}
      role="region"
      aria-label={t('tasks.title')}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: PANEL_BOTTOM,
        width: TASK_PANEL_WIDTH,
        zIndex: (th) => th.zIndex.snackbar - 1,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('tasks.count', { count: shown.length })}
        </Typography>
        <IconButton
          size="small"
          aria-label={expanded ? t('tasks.minimise') : t('tasks.expand')}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? <ExpandMore /> : <ExpandLess />}
        </IconButton>
      </Stack>
      {expanded ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 320, overflow: 'auto' }}>
          {shown.map((task) => {
            const checks = seen.current.get(task.taskId)?.checks ?? 0;
            return (
              <Box
                component="li"
                key={task.taskId}
                data-testid={`task-${task.taskId}`}
                sx={{ borderTop: 1, borderColor: 'divider' }}
              >
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <ButtonBase
                    onClick={() => void open(task)}
                    disabled={
                      task.status !== 'failed' && !(task.status === 'completed' && task.returnObject?.link)
                    }
                    sx={{ flex: 1, justifyContent: 'flex-start', gap: 1, px: 1.5, py: 1, textAlign: 'left' }}
                  >
                    <TaskIcon task={task} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" noWrap>
                        {task.displayText}
                      </Typography>
                      <Typography
                        variant="caption"
                        color={task.status === 'failed' ? 'error' : 'text.secondary'}
                      >
                        {task.status === 'failed'
                          ? t('tasks.failed', { error: task.errorMessage ?? '' })
                          : isSlow(task, checks)
                            ? t('tasks.slow')
                            : t(`tasks.state.${task.status}`)}
                      </Typography>
                    </Box>
                  </ButtonBase>
                  {task.keepInNotificationBar && isFinished(task) ? (
                    <IconButton
                      size="small"
                      aria-label={t('tasks.close')}
                      onClick={() => dismiss(task.taskId)}
                      sx={{ mr: 0.5 }}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Paper>
  );
}

function TaskIcon({ task }: { task: Task }) {
  if (task.status === 'created') return <HourglassEmpty fontSize="small" color="action" />;
  if (task.status === 'update')
    return task.progress === null ? (
      <CircularProgress size={18} />
    ) : (
      <CircularProgress size={18} variant="determinate" value={task.progress} />
    );
  if (task.status === 'failed') return <ErrorOutline fontSize="small" color="error" />;
  return <CheckCircle fontSize="small" color="success" />;
}
