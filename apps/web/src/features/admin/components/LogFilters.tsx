import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields/DateFields.tsx';
import { SearchDropdown } from '../../../components/search-dropdown/SearchDropdown.tsx';
import { callApi } from '../../../lib/api/client.ts';
import { useToday } from '../../../lib/dates.ts';
import type { LogFilter } from '../api/admin.ts';
import { DATE_PRESETS, type DatePreset, presetRange } from '../date-presets.ts';

type Picked = { Id: number; Name: string };

/**
 * The filter row of a log page: a date preset (001 §9) or any day range, and, where the log has them,
 * the user and the type. Changes are handed up at once; the list reads its first page again.
 */
export function LogFilters(props: {
  value: LogFilter;
  onChange(f: LogFilter): void;
  /** The types offered (the log's kinds); none: no type filter. */
  types?: readonly string[];
  typeLabel?: (type: string) => string;
  withUser?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [preset, setPreset] = useState<DatePreset | 'custom' | 'all'>('all');
  const [user, setUser] = useState<Picked | null>(null);
  const f = props.value;
  const today = useToday();
  const choosePreset = (p: DatePreset | 'custom' | 'all') => {
    setPreset(p);
    if (p === 'all') props.onChange({ ...f, DateFrom: undefined, DateTo: undefined } as LogFilter);
    else if (p !== 'custom') props.onChange({ ...f, ...presetRange(p, new Date(`${today}T00:00:00`)) });
  };
  const setDay = (name: 'DateFrom' | 'DateTo', v: string) => {
    setPreset('custom');
    props.onChange({ ...f, [name]: v || undefined } as LogFilter);
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap', width: '100%' }}>
      <TextField
        select
        size="small"
        label={t('logs.period')}
        value={preset}
        onChange={(e) => choosePreset(e.target.value as DatePreset)}
        sx={{ minWidth: 170 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'log-preset' } } }}
      >
        <MenuItem value="all">{t('logs.presets.all')}</MenuItem>
        {DATE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`logs.presets.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{t('logs.presets.custom')}</MenuItem>
      </TextField>
      <DateField
        size="small"
        label={t('logs.from')}
        value={f.DateFrom ?? ''}
        onChange={(v) => setDay('DateFrom', v)}
      />
      <DateField
        size="small"
        label={t('logs.to')}
        value={f.DateTo ?? ''}
        onChange={(v) => setDay('DateTo', v)}
      />
      {props.withUser ? (
        <div style={{ minWidth: 220 }}>
          <SearchDropdown<Picked>
            size="small"
            label={t('logs.user')}
            value={user}
            clearable
            onChange={(v) => {
              const picked = (v as Picked | null) ?? null;
              setUser(picked);
              props.onChange({ ...f, UserId: picked?.Id } as LogFilter);
            }}
            fetchPage={async ({ SearchWord, Page, ItemsPerPage, signal }) =>
              callApi(
                'userFiltered',
                { query: { Page, ItemsPerPage, ...(SearchWord ? { SearchWord } : {}) } },
                { signal },
              )
            }
            getId={(u) => u.Id}
            getLabel={(u) => u.Name}
          />
        </div>
      ) : null}
      {props.types ? (
        <TextField
          select
          size="small"
          label={t('logs.type')}
          value={f.Type ?? ''}
          onChange={(e) => props.onChange({ ...f, Type: e.target.value || undefined } as LogFilter)}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">{t('logs.allTypes')}</MenuItem>
          {props.types.map((type) => (
            <MenuItem key={type} value={type}>
              {props.typeLabel ? props.typeLabel(type) : type}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Stack>
  );
}
