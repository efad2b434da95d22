import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../../lib/preferences.ts';
import { useDepartmentNames } from '../../api.ts';
import { panelStatuses, sameIds, toggleId } from '../../rules/job-panel-filter.ts';
import { useStatusCounts } from './api.ts';

export interface PanelChoice {
  statuses: number[];
  subStatuses: number[];
  departments: number[];
}

const countText = (n: number, capped: boolean) => `${n.toLocaleString()}${capped ? '+' : ''}`;

/**
 * The panel's filter (000 §2): the statuses below 70 with their counts (at least one), the sub-statuses
 * of the chosen ones with theirs, the departments, and the star that saves the chosen departments as the
 * default (JobListFilterOrderDepartmentDefault) or, when they are it, clears it.
 */
export function FilterDialog(props: {
  initial: PanelChoice;
  onApply(choice: PanelChoice): void;
  onClose(): void;
}) {
  const { t } = useTranslation('planner');
  const [choice, setChoice] = useState(props.initial);
  const [defaults, setDefaults] = usePreference('JobListFilterOrderDepartmentDefault');
  const [note, setNote] = useState('');
  const statuses = useStatusCounts(true, choice.departments);
  const departments = useDepartmentNames(true);
  const shown = panelStatuses(statuses.data ?? []);
  const none = choice.statuses.length === 0;
  const isDefault = choice.departments.length > 0 && sameIds(choice.departments, defaults);

  const toggleStatus = (id: number) =>
    setChoice((c) => {
      const next = toggleId(c.statuses, id);
      const kept = new Set(
        shown.filter((s) => next.includes(s.Id)).flatMap((s) => s.SubStatuses.map((x) => x.Id)),
      );
      return { ...c, statuses: next, subStatuses: c.subStatuses.filter((s) => kept.has(s)) };
    });

  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby="planner-joblist-filter-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="planner-joblist-filter-title">{t('jobList.filterDialog.title')}</DialogTitle>
      <DialogContent dividers>
        {(statuses.isPending || departments.isPending) && (
          <LinearProgress aria-label={t('jobList.loading')} sx={{ mb: 1 }} />
        )}
        <FormLabel component="legend" id="planner-joblist-statuses">
          {t('jobList.filterDialog.statuses')}
        </FormLabel>
        <FormGroup aria-labelledby="planner-joblist-statuses">
          {shown.map((s) => (
            <Box key={s.Id}>
              <FormControlLabel
                control={
                  <Checkbox checked={choice.statuses.includes(s.Id)} onChange={() => toggleStatus(s.Id)} />
                }
                label={t('jobList.filterDialog.statusCount', {
                  name: s.Name,
                  count: countText(s.Count, s.CountCapped),
                })}
              />
              {choice.statuses.includes(s.Id) && s.SubStatuses.length > 0 && (
                <FormGroup
                  aria-label={t('jobList.filterDialog.subStatuses', { status: s.Name })}
                  sx={{ pl: 4 }}
                >
                  {s.SubStatuses.map((sub) => (
                    <FormControlLabel
                      key={sub.Id}
                      control={
                        <Checkbox
                          size="small"
                          checked={choice.subStatuses.includes(sub.Id)}
                          onChange={() =>
                            setChoice((c) => ({ ...c, subStatuses: toggleId(c.subStatuses, sub.Id) }))
                          }
                        />
                      }
                      label={t('jobList.filterDialog.statusCount', {
                        name: sub.Name,
                        count: countText(sub.Count, sub.CountCapped),
                      })}
                    />
                  ))}
                </FormGroup>
              )}
            </Box>
          ))}
        </FormGroup>
        {none && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {t('jobList.filterDialog.statusRequired')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', mt: 2 }}>
          <FormLabel component="legend" id="planner-joblist-departments" sx={{ flex: 1 }}>
            {t('jobList.filterDialog.departments')}
          </FormLabel>
          <Tooltip
            title={isDefault ? t('jobList.filterDialog.clearDefault') : t('jobList.filterDialog.saveDefault')}
          >
            <span>
              <IconButton
                aria-label={
                  isDefault ? t('jobList.filterDialog.clearDefault') : t('jobList.filterDialog.saveDefault')
                }
                aria-pressed={isDefault}
                onClick={() => {
                  setDefaults(isDefault ? [] : [...choice.departments]);
                  setNote(
                    isDefault
                      ? t('jobList.filterDialog.defaultCleared')
                      : t('jobList.filterDialog.defaultSaved'),
                  );
                }}
              >
                {isDefault ? <Star color="warning" /> : <StarBorder />}
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <FormGroup aria-labelledby="planner-joblist-departments">
          {[...(departments.data ?? new Map<number, string>())].map(([id, name]) => (
            <FormControlLabel
              key={id}
              control={
                <Checkbox
                  checked={choice.departments.includes(id)}
                  onChange={() => setChoice((c) => ({ ...c, departments: toggleId(c.departments, id) }))}
                />
              }
              label={name}
            />
          ))}
        </FormGroup>
        <Box role="status" aria-live="polite" sx={{ fontSize: 13, color: 'text.secondary', minHeight: 20 }}>
          {note}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('jobList.filterDialog.cancel')}</Button>
        <Button variant="contained" disabled={none} onClick={() => props.onApply(choice)}>
          {t('jobList.filterDialog.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
