import { isCustomerType } from '@fieldport/contract';
import FilterList from '@mui/icons-material/FilterList';
import FilterListOff from '@mui/icons-material/FilterListOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveSearch, SearchField } from '../../../components/paged-list/index.ts';
import { useDevice } from '../../../lib/device.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDepartments, useJobPriorities, useJobTypes } from '../api/new-job.ts';
import { type ChoiceList, EMPTY_CHOICE, isEmptyChoice, type JobListChoice } from '../job-list-filters.ts';
import { SavedJobFilters } from './SavedJobFilters.tsx';

interface Option {
  Id: number;
  Name: string;
}

/** One multi-select of ids (a type, priority or department list), its chosen names shown in the field. */
function IdSelect(props: {
  label: string;
  options: Option[] | undefined;
  value: number[];
  onChange(ids: number[]): void;
  testId: string;
}) {
  const id = useId();
  const names = new Map((props.options ?? []).map((o) => [o.Id, o.Name]));
  return (
    <FormControl size="small" sx={{ minWidth: 150, maxWidth: 240, flex: '1 1 150px' }}>
      <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
      <Select<number[]>
        multiple
        labelId={`${id}-label`}
        value={props.value}
        input={<OutlinedInput label={props.label} />}
        onChange={(e) => {
          const v = e.target.value;
          props.onChange(typeof v === 'string' ? [] : v);
        }}
        renderValue={(ids) => ids.map((i) => names.get(i) ?? String(i)).join(', ')}
        data-testid={props.testId}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {(props.options ?? []).map((o) => (
          <MenuItem key={o.Id} value={o.Id} dense>
            <Checkbox
              checked={props.value.includes(o.Id)}
              size="small"
              sx={{ p: 0.5, mr: 1 }}
              tabIndex={-1}
            />
            <ListItemText primary={o.Name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * The job list's filters beside its search (issue 11): search word, job types, priorities and order
 * departments (departments only for staff and partners, who may read them), a clear action and the
 * saved filters. On a phone the three selects fold under a Filters button. The choice lives in the route's query; `onChange` writes it there.
 */
export function JobListFilters({
  choice,
  onChange,
}: {
  choice: JobListChoice;
  /** Writes the lists given over the route's current ones (two quick changes never undo each other). */
  onChange(patch: Partial<JobListChoice>): void;
}) {
  const { t } = useTranslation('jobs');
  const { info } = useSession();
  const staff = info ? !isCustomerType(info.UserInfo.UserTypeId) : false;
  const types = useJobTypes();
  const priorities = useJobPriorities();
  const departments = useDepartments(staff);
  const [word, setWord] = useState(choice.SearchWord);
  const settled = useDebouncedValue(effectiveSearch(word), 400);
  // A word from the route (a saved filter applied, the back button) replaces what is typed.
  useEffect(() => setWord(choice.SearchWord), [choice.SearchWord]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly settled word is written to the route
  useEffect(() => {
    if (settled !== choice.SearchWord) onChange({ SearchWord: settled });
  }, [settled]);
  const set = (list: ChoiceList) => (ids: number[]) => onChange({ [list]: ids });
  const nothing = isEmptyChoice(choice) && !word;
  const clear = () => {
    setWord('');
    onChange(EMPTY_CHOICE);
  };
  // On a phone the selects open below a Filters button that counts the ids chosen.
  const phone = useDevice() === 'phone';
  const [shown, setShown] = useState(false);
  const selectsId = useId();
  const chosen =
    choice.JobTypeIdList.length + choice.JobPriorityIdList.length + choice.OrderDepartmentIdList.length;
  const selects = (
    <>
      <IdSelect
        label={t('filters.type')}
        options={types.data}
        value={choice.JobTypeIdList}
        onChange={set('JobTypeIdList')}
        testId="filter-type"
      />
      <IdSelect
        label={t('filters.priority')}
        options={priorities.data}
        value={choice.JobPriorityIdList}
        onChange={set('JobPriorityIdList')}
        testId="filter-priority"
      />
      {staff ? (
        <IdSelect
          label={t('filters.department')}
          options={departments.data?.Content}
          value={choice.OrderDepartmentIdList}
          onChange={set('OrderDepartmentIdList')}
          testId="filter-department"
        />
      ) : null}
    </>
  );
  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{
        px: 2,
        pt: 1.5,
        pb: 1,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'flex-start',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <SearchField label={t('filters.search')} value={word} onChange={setWord} />
      {phone ? null : selects}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 40 }}>
        {phone ? (
          <Button
            startIcon={<FilterList />}
            aria-expanded={shown}
            aria-controls={selectsId}
            onClick={() => setShown(!shown)}
          >
            {chosen > 0 ? t('filters.toggleCount', { count: chosen }) : t('filters.toggle')}
          </Button>
        ) : null}
        {phone ? (
          <Tooltip title={t('filters.clear')}>
            <span>
              <IconButton aria-label={t('filters.clear')} disabled={nothing} onClick={clear}>
                <FilterListOff />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Button startIcon={<FilterListOff />} disabled={nothing} onClick={clear}>
            {t('filters.clear')}
          </Button>
        )}
        <SavedJobFilters choice={choice} onApply={onChange} />
      </Box>
      {phone && shown ? (
        <Box id={selectsId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: '100%' }}>
          {selects}
        </Box>
      ) : null}
    </Box>
  );
}
