import type { JobListItem } from '@fieldport/contract';
import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../../lib/preferences.ts';
import {
  observeRectAfterLayout,
  scrollToFnWithoutMountWrite,
  viewportRect,
} from '../../../../lib/virtualizer-layout.ts';
import { plannableStatuses } from '../../rules/job-panel-filter.ts';
import { usePanelJobs } from './api.ts';
import { FilterDialog, type PanelChoice } from './FilterDialog.tsx';
import { CARD_HEIGHT, ITEM_HEIGHT, JobItem } from './JobItem.tsx';

/** A DOM without layout (tests) has no height to window by: it is taken as this big. */
const FALLBACK_RECT = { width: 300, height: 600 };

/**
 * The job list panel (000 §2): Clear, the search, the filter dialog, and the jobs of the filter (up to
 * 999, only those in view in the DOM) as items or old-style cards, each dragged onto a row or planned
 * with the keyboard (`onPlan`). Memoised: the day's answer arriving does not draw its jobs again.
 */
/** The job list's search field: where the planner's skip link takes the keyboard. */
export const JOB_LIST_SEARCH_ID = 'planner-joblist-search';

export const JobListPanel = memo(function JobListPanel(props: {
  onPlan(job: JobListItem): void;
  /** A drag of a job starts (the job) or ends (null). */
  onDrag?: ((job: JobListItem | null) => void) | undefined;
  /** A job's dispatch suggestions; only with the AutoDispatch licence. */
  onSuggest?: ((job: JobListItem) => void) | undefined;
}) {
  const { t } = useTranslation('planner');
  const [mode] = usePreference('PlannerJobListItemMode');
  const [storedStatuses, setStatuses] = usePreference('PlannerJobListStatusFilterMultiple');
  const [subStatuses, setSubStatuses] = usePreference('PlannerJobListSubStatusFilter');
  const [departments, setDepartments] = usePreference('PlannerJobListDepartmentFilter');
  const [defaultDepartments] = usePreference('JobListFilterOrderDepartmentDefault');
  const [search, setSearch] = useState('');
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);
  const statuses = useMemo(() => plannableStatuses(storedStatuses), [storedStatuses]);
  const deferred = useDeferredValue(search);
  const jobs = usePanelJobs({ statuses, subStatuses, departments, search: deferred });
  const list = jobs.data?.Content ?? [];
  const cards = mode === 'Cards';
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<number | null>(null);

  const [scrollToFn] = useState(scrollToFnWithoutMountWrite);
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (cards ? CARD_HEIGHT : ITEM_HEIGHT),
    overscan: 4,
    useFlushSync: false,
    initialRect: viewportRect(),
    observeElementRect: (instance, cb) => observeRectAfterLayout(instance, cb, FALLBACK_RECT),
    scrollToFn,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sizes change with the mode
  useEffect(() => virtualizer.measure(), [cards, virtualizer]);

  // The arrow keys move the focus through the jobs, scrolling one into view first when needed.
  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-job-focus="${list[index]?.Id}"]`);
    if (el) {
      el.focus();
      focusNext.current = null;
    }
  });
  // Planned from the list (P, Enter, the Plan button), a job leaves it: the focus goes on to the job
  // that took its place, not to the page's body, once the dialog has closed and the list has followed.
  const planned = useRef<{ id: number; index: number } | null>(null);
  const onPlan = props.onPlan;
  const plan = useCallback(
    (job: JobListItem) => {
      planned.current = { id: job.Id, index: list.findIndex((j) => j.Id === job.Id) };
      onPlan(job);
    },
    [list, onPlan],
  );
  useEffect(() => {
    const was = planned.current;
    if (!was || list.some((j) => j.Id === was.id)) return;
    planned.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost || list.length === 0) return;
    const next = Math.min(Math.max(0, was.index), list.length - 1);
    focusNext.current = next;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }, [list, virtualizer]);

  const onKey = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    const next =
      e.key === 'ArrowDown'
        ? index + 1
        : e.key === 'ArrowUp'
          ? index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? list.length - 1
              : null;
    if (next === null || next < 0 || next >= list.length) return;
    e.preventDefault();
    focusNext.current = next;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const clear = () => {
    setSearch('');
    setStatuses([10]);
    setSubStatuses([]);
    setDepartments([...defaultDepartments]);
  };
  const apply = (choice: PanelChoice) => {
    setStatuses(choice.statuses);
    setSubStatuses(choice.subStatuses);
    setDepartments(choice.departments);
    setFiltering(false);
  };
  const activeIndex = Math.min(active, Math.max(0, list.length - 1));

  return (
    <Box
      component="section"
      aria-label={t('jobList.label')}
      data-testid="planner-joblist"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mb: 0.5 }}>
        <TextField
          id={JOB_LIST_SEARCH_ID}
          size="small"
          type="search"
          label={t('jobList.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button size="small" onClick={clear}>
          {t('jobList.clear')}
        </Button>
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          aria-label={t('jobList.filterActive', { count: statuses.length })}
          onClick={() => setFiltering(true)}
        >
          {t('jobList.filter')}
        </Button>
      </Box>
      <Box id="planner-joblist-help" sx={{ fontSize: 12, color: 'text.secondary', mb: 0.5 }}>
        {t('jobList.help')}
        {props.onSuggest && ` ${t('jobList.helpSuggest')}`}
      </Box>
      {jobs.isFetching && <LinearProgress aria-label={t('jobList.loading')} sx={{ mb: '-4px' }} />}
      {jobs.isError ? (
        <Alert severity="error">{t('jobList.failed')}</Alert>
      ) : jobs.data && list.length === 0 ? (
        <Alert severity="info">{t('jobList.empty')}</Alert>
      ) : (
        <>
          {jobs.data && (
            <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
              {jobs.data.TotalCount > list.length
                ? t('jobList.more', { shown: list.length, total: jobs.data.TotalCount })
                : t('jobList.count', { count: list.length })}
            </Box>
          )}
          <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            <Box
              role="list"
              aria-label={t('jobList.label')}
              sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
            >
              {virtualizer.getVirtualItems().map((v) => {
                const job = list[v.index];
                if (!job) return null;
                return (
                  <JobItem
                    key={job.Id}
                    top={v.start}
                    job={job}
                    cards={cards}
                    active={v.index === activeIndex}
                    helpId="planner-joblist-help"
                    onPlan={plan}
                    onSuggest={props.onSuggest}
                    onDrag={props.onDrag}
                    onKey={onKey(v.index)}
                    onFocus={() => setActive(v.index)}
                  />
                );
              })}
            </Box>
          </Box>
        </>
      )}
      {filtering && (
        <FilterDialog
          initial={{ statuses, subStatuses, departments }}
          onApply={apply}
          onClose={() => setFiltering(false)}
        />
      )}
    </Box>
  );
});
