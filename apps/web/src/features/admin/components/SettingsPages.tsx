import {
  FEATURE_KEYS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH_MAX,
  STATUS_LINK_HOURS_DEFAULT,
  STATUS_LINK_HOURS_MAX,
} from '@fieldport/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useSettingsGroup } from '../api/admin.ts';
import { useSaveSettings } from '../api/mutations.ts';
import { AdminPage } from './AdminPage.tsx';

type Group = 'serviceprovider' | 'global' | 'features';

/** Saves some values of a group; the server checks them by the group's schema and answers field errors. */
function useSave(group: Group) {
  const save = useSaveSettings(group);
  return (Values: Record<string, unknown>) => save.mutateAsync(Values);
}

/** CompanySettings (/admin/settings/companysettings): the company's name and contact lines (001 §3). */
export function CompanySettingsPage() {
  const { t } = useTranslation('admin');
  const rules = useFieldRules();
  const settings = useSettingsGroup('serviceprovider');
  const save = useSave('serviceprovider');
  const v = (settings.data?.Values ?? {}) as Record<string, string>;
  const field = (
    name: string,
    rule: (s: string) => string | null,
    extra: { required?: boolean; type?: 'email' | 'tel' } = {},
  ) => (
    <CommitField
      key={name}
      name={`Values.${name}`}
      label={t(`company.${name}`)}
      value={v[name] ?? ''}
      validate={rule}
      {...extra}
      onCommit={(value) => save({ [name]: value })}
    />
  );
  return (
    <AdminPage
      title={t('company.title')}
      help={t('company.help')}
      loading={!settings.data}
      error={settings.error}
    >
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Stack spacing={2}>
          {field('CompanyName', rules.text(200, { required: true }), { required: true })}
          {field('AddressStreet', rules.text(200))}
          {field('AddressZipAndCity', rules.text(200))}
          {field('Telephone', rules.phone(), { type: 'tel' })}
          {field('Email', rules.email(), { type: 'email' })}
        </Stack>
      </Paper>
    </AdminPage>
  );
}

/**
 * The default settings that are whole numbers: the shortest password the company allows (decision 060)
 * and the hours a customer's status link stays open (decision 072), each with its range, the value
 * shown while none is saved, and the text that says the range.
 */
const NUMBER_SETTINGS = [
  {
    name: 'PasswordMinLength',
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MIN_LENGTH_MAX,
    fallback: PASSWORD_MIN_LENGTH,
    rule: 'defaults.passwordMinLengthRule',
  },
  {
    name: 'StatusLinkHours',
    min: 1,
    max: STATUS_LINK_HOURS_MAX,
    fallback: STATUS_LINK_HOURS_DEFAULT,
    rule: 'defaults.statusLinkHoursRule',
  },
  {
    // The planner's load is measured against it (issue 30): hours in quarters, 7.5 or 7,5.
    name: 'WorkDayHours',
    min: 1,
    max: 24,
    fallback: 8,
    rule: 'defaults.workDayHoursRule',
    quarters: true,
  },
] as const;

/** One number setting (whole, or in quarters), checked against its range before it is saved. */
function NumberSetting(props: {
  setting: (typeof NUMBER_SETTINGS)[number];
  value: number | undefined;
  onSave: (value: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const { name, min, max, fallback, rule } = props.setting;
  const quarters = 'quarters' in props.setting;
  const parse = (text: string) => Number(text.trim().replace(',', '.'));
  const validate = (text: string) =>
    (quarters ? /^\d+([.,]\d+)?$/ : /^\d+$/).test(text.trim()) &&
    Number.isInteger(parse(text) * 4) &&
    parse(text) >= min &&
    parse(text) <= max
      ? null
      : t(rule, { min, max });
  return (
    <CommitField
      name={`Values.${name}`}
      label={t(`defaults.${name}`)}
      helperText={t(`defaults.${name}Help`)}
      value={String(props.value ?? fallback)}
      inputMode={quarters ? 'decimal' : 'numeric'}
      required
      validate={validate}
      onCommit={(text) => props.onSave(parse(text))}
    />
  );
}

/**
 * DefaultSettings (/admin/settings/default-settings): time zone, work hours, the main office on the map,
 * and the number settings (NUMBER_SETTINGS).
 */
export function DefaultSettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useSettingsGroup('global');
  const save = useSave('global');
  const v = (settings.data?.Values ?? {}) as {
    TimeZone?: string;
    WorkHourStart?: string;
    WorkHourEnd?: string;
    ShowNewTimeReport?: boolean;
    PasswordMinLength?: number;
    StatusLinkHours?: number;
    WorkDayHours?: number;
    Maps?: { MainLocationCoordinates: string; GoogleMapsApiKey: string | null };
  };
  const hhmm = (s: string) => (/^\d{1,2}:\d{2}$/.test(s.trim()) ? null : t('defaults.hourRule'));
  return (
    <AdminPage
      title={t('defaults.title')}
      help={t('defaults.help')}
      loading={!settings.data}
      error={settings.error}
    >
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Stack spacing={2}>
          <CommitField
            name="Values.TimeZone"
            label={t('defaults.TimeZone')}
            value={v.TimeZone ?? ''}
            required
            onCommit={(TimeZone) => save({ TimeZone })}
          />
          <Stack direction="row" spacing={2}>
            <CommitField
              name="Values.WorkHourStart"
              label={t('defaults.WorkHourStart')}
              value={v.WorkHourStart ?? ''}
              validate={hhmm}
              onCommit={(WorkHourStart) => save({ WorkHourStart })}
            />
            <CommitField
              name="Values.WorkHourEnd"
              label={t('defaults.WorkHourEnd')}
              value={v.WorkHourEnd ?? ''}
              validate={hhmm}
              onCommit={(WorkHourEnd) => save({ WorkHourEnd })}
            />
          </Stack>
          <CommitField
            name="Values.Maps.MainLocationCoordinates"
            label={t('defaults.MainLocationCoordinates')}
            helperText={t('defaults.MainLocationHelp')}
            value={v.Maps?.MainLocationCoordinates ?? ''}
            onCommit={(MainLocationCoordinates) =>
              save({ Maps: { GoogleMapsApiKey: v.Maps?.GoogleMapsApiKey ?? null, MainLocationCoordinates } })
            }
          />
          {NUMBER_SETTINGS.map((setting) => (
            <NumberSetting
              key={setting.name}
              setting={setting}
              value={v[setting.name]}
              onSave={(value) => save({ [setting.name]: value })}
            />
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={!!v.ShowNewTimeReport}
                onChange={() => save({ ShowNewTimeReport: !v.ShowNewTimeReport })}
              />
            }
            label={t('defaults.ShowNewTimeReport')}
          />
        </Stack>
      </Paper>
    </AdminPage>
  );
}

/** Features (/admin/settings/features): the feature switches every user's menu follows (001 §3). */
export function FeaturesPage() {
  const { t } = useTranslation('admin');
  const settings = useSettingsGroup('features');
  const save = useSave('features');
  const v = (settings.data?.Values ?? {}) as Record<string, boolean>;
  return (
    <AdminPage
      title={t('features.title')}
      help={t('features.help')}
      loading={!settings.data}
      error={settings.error}
    >
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Stack spacing={1}>
          {FEATURE_KEYS.map((key) => (
            <FormControlLabel
              key={key}
              control={<Switch checked={!!v[key]} onChange={() => save({ [key]: !v[key] })} />}
              label={t(`features.${key}`)}
            />
          ))}
        </Stack>
      </Paper>
    </AdminPage>
  );
}
