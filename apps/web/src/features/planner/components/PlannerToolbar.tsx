import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MapIcon from '@mui/icons-material/Map';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields/DateFields.tsx';
import { PresenceAvatars } from '../../../components/presence/PresenceAvatars.tsx';
import { USER_GROUP_BYS, type UserGroupBy } from '../rules/rows.ts';
import { PLANNER_SCOPES, type PlannerScope } from '../rules/scope-range.ts';
import { formatDay, parseWallClock } from '../rules/wall-clock.ts';
import { JobListToggle } from './job-list/JobListToggle.tsx';

export type PlannerMode = 'Scheduler' | 'List';

/** Unselected toggles in the secondary text colour (the default grey is too faint), selected in primary. */
const toggle = { color: 'text.secondary', '&.Mui-selected': { color: 'primary.main' } } as const;

interface Props {
  mode: PlannerMode;
  scope: PlannerScope;
  date: number;
  groupBy: UserGroupBy;
  limit: boolean;
  onMode(mode: PlannerMode): void;
  onScope(scope: PlannerScope): void;
  onDate(date: number): void;
  onStep(direction: 1 | -1): void;
  onToday(): void;
  onGroupBy(groupBy: UserGroupBy): void;
  onLimit(limit: boolean): void;
  /** Opens the settings dialog (components/settings). */
  onSettings?(): void;
  /** More actions after the grouping (the proposed plan's button, components/suggest). */
  extra?: ReactNode;
  /** The map panel shown (PlannerMapShow). */
  map: boolean;
  onMap(show: boolean): void;
}

/** A toolbar button of a later part of issue 12: shown, disabled, saying so in its tooltip. */
function Later({ name, icon }: { name: string; icon: ReactNode }) {
  const { t } = useTranslation('planner');
  const text = t('toolbar.comingLater', { name });
  return (
    <Tooltip title={text}>
      <span>
        <IconButton disabled aria-label={text}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The planner's toolbar (000 §2): job list and settings (later), Scheduler or List, Day/Week/Month, the
 * date stepped by the scope with previous, today and next, the grouping and the work-hour limit, who else
 * plans the shown day, and the map.
 */
export function PlannerToolbar(props: Props) {
  const { t } = useTranslation('planner');
  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}
    >
      <JobListToggle />
      {props.onSettings ? (
        <Tooltip title={t('toolbar.settings')}>
          <IconButton aria-label={t('toolbar.settings')} onClick={props.onSettings}>
            <SettingsIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Later name={t('toolbar.settings')} icon={<SettingsIcon />} />
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.mode}
        aria-label={t('toolbar.mode')}
        onChange={(_, v: PlannerMode | null) => v && props.onMode(v)}
      >
        <ToggleButton value="Scheduler" sx={toggle}>
          {t('toolbar.scheduler')}
        </ToggleButton>
        <ToggleButton value="List" sx={toggle}>
          {t('toolbar.list')}
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.scope}
        aria-label={t('toolbar.scope')}
        onChange={(_, v: PlannerScope | null) => v && props.onScope(v)}
      >
        {PLANNER_SCOPES.map((s) => (
          <ToggleButton key={s} value={s} sx={toggle}>
            {t(`toolbar.${s}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton aria-label={t('toolbar.previous')} onClick={() => props.onStep(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <DateField
          size="small"
          label={t('toolbar.date')}
          value={formatDay(props.date)}
          onChange={(day) => {
            const ms = parseWallClock(day);
            if (!Number.isNaN(ms)) props.onDate(ms);
          }}
          sx={{ width: 180 }}
        />
        <IconButton aria-label={t('toolbar.next')} onClick={() => props.onStep(1)}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" variant="outlined" onClick={props.onToday}>
          {t('toolbar.today')}
        </Button>
      </Box>
      <TextField
        select
        size="small"
        label={t('toolbar.groupBy')}
        value={props.groupBy}
        onChange={(e) => props.onGroupBy(e.target.value as UserGroupBy)}
        sx={{ minWidth: 170 }}
      >
        {USER_GROUP_BYS.map((g) => (
          <MenuItem key={g} value={g}>
            {t(`groupBy.${g}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={props.limit} onChange={(e) => props.onLimit(e.target.checked)} />}
        label={t('toolbar.limitToWorkHours')}
      />
      {props.extra}
      <Box sx={{ flex: 1 }} />
      {/* Who else plans the shown day (the hub keys the planner's route by its day, `planner:<date>`). */}
      <PresenceAvatars presenceKey={`planner:${formatDay(props.date)}`} />
      <Tooltip title={t('toolbar.map')}>
        <IconButton
          aria-label={t('toolbar.map')}
          aria-pressed={props.map}
          color={props.map ? 'primary' : 'default'}
          onClick={() => props.onMap(!props.map)}
        >
          <MapIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
