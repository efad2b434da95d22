import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Preferences, usePreference } from '../../../../lib/preferences.ts';
import { useDepartmentNames } from '../../api.ts';
import { COLOUR_BYS, type ColourBy, colourByKey } from '../../rules/event-colours.ts';
import { JOB_LIST_PLACEMENTS, jobListPlacement } from '../../rules/job-list-placement.ts';
import { type Resource, USER_GROUP_BYS, type UserGroupBy } from '../../rules/rows.ts';

type Draft = Pick<
  Preferences,
  | 'PlannerJobListItemMode'
  | 'PlannerJobListPlacement'
  | 'PlannerUserGroupBy'
  | 'PlannerColourBy'
  | 'PlannerDepartmentList'
  | 'PlannerHiddenUserList'
  | 'LimitToWorkHours'
  | 'PlannerListShowAsJobs'
  | 'PlannerListHideCompletedJobs'
>;

interface Props {
  open: boolean;
  /** Every bookable user (the hidden ones too: they can be shown again here). */
  resources: readonly Resource[];
  onClose(): void;
}

/** The preferences the dialog edits, each as React state (kept in local storage under its name). */
function useSettings() {
  const [itemMode, setItemMode] = usePreference('PlannerJobListItemMode');
  const [placement, setPlacement] = usePreference('PlannerJobListPlacement');
  const [groupBy, setGroupBy] = usePreference('PlannerUserGroupBy');
  const [colourBy, setColourBy] = usePreference('PlannerColourBy');
  const [departments, setDepartments] = usePreference('PlannerDepartmentList');
  const [hidden, setHidden] = usePreference('PlannerHiddenUserList');
  const [limit, setLimit] = usePreference('LimitToWorkHours');
  const [asJobs, setAsJobs] = usePreference('PlannerListShowAsJobs');
  const [hideCompleted, setHideCompleted] = usePreference('PlannerListHideCompletedJobs');
  const current: Draft = {
    PlannerJobListItemMode: itemMode === 'Cards' ? 'Cards' : 'Items',
    PlannerJobListPlacement: jobListPlacement(placement),
    PlannerUserGroupBy: USER_GROUP_BYS.includes(groupBy) ? groupBy : 'none',
    PlannerColourBy: COLOUR_BYS.includes(colourBy) ? colourBy : 'timing',
    PlannerDepartmentList: departments,
    PlannerHiddenUserList: hidden,
    LimitToWorkHours: limit,
    PlannerListShowAsJobs: asJobs,
    PlannerListHideCompletedJobs: hideCompleted,
  };
  const save = (d: Draft) => {
    setItemMode(d.PlannerJobListItemMode);
    setPlacement(d.PlannerJobListPlacement);
    setGroupBy(d.PlannerUserGroupBy);
    setColourBy(d.PlannerColourBy);
    setDepartments(d.PlannerDepartmentList);
    setHidden(d.PlannerHiddenUserList);
    setLimit(d.LimitToWorkHours);
    setAsJobs(d.PlannerListShowAsJobs);
    setHideCompleted(d.PlannerListHideCompletedJobs);
  };
  return { current, save };
}

const placementKey = (p: Preferences['PlannerJobListPlacement']) =>
  p === 'top' ? 'placementTop' : p === 'bottom' ? 'placementBottom' : 'placementSide';

/**
 * The planner's settings (000 §2): job list item style and position, grouping of users, what appointments are coloured by, only users of chosen
 * departments, hidden users, the work-hour limit and the list options. Saved together; Cancel keeps all.
 */
export function PlannerSettingsDialog({ open, resources, onClose }: Props) {
  const { t } = useTranslation('planner');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="planner-settings-title">
      <DialogTitle id="planner-settings-title">{t('settings.title')}</DialogTitle>
      {open && <SettingsForm resources={resources} onClose={onClose} />}
    </Dialog>
  );
}

function SettingsForm({ resources, onClose }: { resources: readonly Resource[]; onClose(): void }) {
  const { t } = useTranslation('planner');
  const { current, save } = useSettings();
  const [draft, setDraft] = useState<Draft>(current);
  const departments = useDepartmentNames(true);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const numbers = (value: unknown) => (Array.isArray(value) ? value.map(Number) : []);
  const departmentName = (id: number) => departments.data?.get(id) ?? String(id);
  const userName = (id: number) => resources.find((r) => r.id === id)?.name ?? String(id);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save(draft);
        onClose();
      }}
    >
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <FormControl>
          <FormLabel id="planner-settings-item-mode">{t('settings.itemMode')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="planner-settings-item-mode"
            value={draft.PlannerJobListItemMode}
            onChange={(e) => set('PlannerJobListItemMode', e.target.value === 'Cards' ? 'Cards' : 'Items')}
          >
            <FormControlLabel value="Items" control={<Radio />} label={t('settings.items')} />
            <FormControlLabel value="Cards" control={<Radio />} label={t('settings.cards')} />
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="planner-settings-placement">{t('settings.placement')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="planner-settings-placement"
            value={draft.PlannerJobListPlacement}
            onChange={(e) => set('PlannerJobListPlacement', jobListPlacement(e.target.value))}
          >
            {JOB_LIST_PLACEMENTS.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={t(`settings.${placementKey(p)}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          select
          label={t('toolbar.groupBy')}
          value={draft.PlannerUserGroupBy}
          onChange={(e) => set('PlannerUserGroupBy', e.target.value as UserGroupBy)}
          data-testid="planner-settings-group-by"
        >
          {USER_GROUP_BYS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`groupBy.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('settings.colourBy')}
          value={draft.PlannerColourBy}
          onChange={(e) => set('PlannerColourBy', e.target.value as ColourBy)}
          data-testid="planner-settings-colour-by"
        >
          {COLOUR_BYS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`settings.${colourByKey(c)}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('settings.departments')}
          helperText={t('settings.departmentsHelp')}
          value={draft.PlannerDepartmentList}
          onChange={(e) => set('PlannerDepartmentList', numbers(e.target.value))}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) => numbers(v).map(departmentName).join(', '),
            },
          }}
        >
          {[...(departments.data ?? new Map<number, string>())].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('settings.hiddenUsers')}
          helperText={t('settings.hiddenUsersHelp')}
          value={draft.PlannerHiddenUserList}
          onChange={(e) => set('PlannerHiddenUserList', numbers(e.target.value))}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) => numbers(v).map(userName).join(', '),
            },
          }}
        >
          {resources.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={draft.LimitToWorkHours}
              onChange={(e) => set('LimitToWorkHours', e.target.checked)}
            />
          }
          label={t('toolbar.limitToWorkHours')}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('settings.listOptions')}</FormLabel>
          <FormGroup>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.PlannerListShowAsJobs}
                  onChange={(e) => set('PlannerListShowAsJobs', e.target.checked)}
                />
              }
              label={t('listMode.showAsJobs')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.PlannerListHideCompletedJobs}
                  onChange={(e) => set('PlannerListHideCompletedJobs', e.target.checked)}
                />
              }
              label={t('listMode.hideCompleted')}
            />
          </FormGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settings.cancel')}</Button>
        <Button type="submit" variant="contained">
          {t('settings.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
