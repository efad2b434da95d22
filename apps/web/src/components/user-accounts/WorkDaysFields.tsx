import type { UserAccount, UserChangeInput } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../lib/session.tsx';
import { CommitField } from '../commit-field/CommitField.tsx';
import { toTime, workTimeRule } from './work-time.ts';

type Change = z.input<typeof UserChangeInput>;
type WorkDay = NonNullable<UserAccount['WorkDays']>[number];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's name in a language: ISO 1 Monday … 7 Sunday (1 January 2024 was a Monday). */
const weekdayName = (weekday: number, lang: string) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));

/**
 * The weekdays whose hours differ from the user's usual ones (decision 100): each weekday off, or its own
 * start and end (empty: the usual hours on that side). Each change saves the whole list, a weekday left
 * with nothing of its own dropped from it.
 */
export function WorkDaysFields(props: {
  user: UserAccount;
  locked: boolean;
  save: (body: Change, fromField?: boolean) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('users');
  const { user } = props;
  const company = useSession().info?.GlobalSettings;
  const usualStart = user.WorkStart ?? company?.WorkHourStart ?? '';
  const usualEnd = user.WorkEnd ?? company?.WorkHourEnd ?? '';
  const days = user.WorkDays ?? [];
  const messages = { time: t('dispatch.timeRule'), order: t('dispatch.orderRule') };
  const lock = props.locked ? t('staff_only_admin') : null;
  const dayOf = (weekday: number): WorkDay =>
    days.find((d) => d.Weekday === weekday) ?? {
      Weekday: weekday,
      Off: false,
      WorkStart: null,
      WorkEnd: null,
    };
  const withDay = (next: WorkDay) => {
    const others = days.filter((d) => d.Weekday !== next.Weekday);
    const kept = next.Off || next.WorkStart !== null || next.WorkEnd !== null;
    return (kept ? [...others, next] : others).sort((a, b) => a.Weekday - b.Weekday);
  };
  return (
    <Box component="section" aria-labelledby="user-workdays-heading" sx={{ mt: 2 }}>
      <Typography id="user-workdays-heading" variant="body2" component="h4" sx={{ fontWeight: 600 }}>
        {t('dispatch.weekdaysTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dispatch.weekdaysHint')}
      </Typography>
      {WEEKDAYS.map((weekday) => {
        const day = dayOf(weekday);
        const name = weekdayName(weekday, i18n.language);
        return (
          <Box
            key={weekday}
            data-testid={`user-workday-${weekday}`}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr 1fr', sm: '8rem 6rem 1fr 1fr' },
              mb: 1,
            }}
          >
            <Typography variant="body2">{name}</Typography>
            <FormControlLabel
              label={t('dispatch.dayOff')}
              control={
                <Checkbox
                  size="small"
                  checked={day.Off}
                  disabled={props.locked}
                  slotProps={{ input: { 'aria-label': t('dispatch.dayOffOf', { day: name }) } }}
                  onChange={(e) =>
                    void props
                      .save(
                        {
                          WorkDays: withDay({
                            ...day,
                            Off: e.target.checked,
                            WorkStart: null,
                            WorkEnd: null,
                          }),
                          RowVersion: user.RowVersion,
                        },
                        false,
                      )
                      .catch(() => undefined)
                  }
                />
              }
            />
            {day.Off ? null : (
              <>
                <CommitField
                  version={user.RowVersion}
                  label={t('dispatch.dayStarts', { day: name })}
                  name="WorkDays"
                  helperText={t('dispatch.dayUsual', { time: usualStart })}
                  value={day.WorkStart ?? ''}
                  validate={workTimeRule('start', day.WorkEnd ?? usualEnd, messages)}
                  lockReason={lock}
                  onCommit={(v) => props.save({ WorkDays: withDay({ ...day, WorkStart: toTime(v) }) })}
                />
                <CommitField
                  version={user.RowVersion}
                  label={t('dispatch.dayEnds', { day: name })}
                  name="WorkDays"
                  helperText={t('dispatch.dayUsual', { time: usualEnd })}
                  value={day.WorkEnd ?? ''}
                  validate={workTimeRule('end', day.WorkStart ?? usualStart, messages)}
                  lockReason={lock}
                  onCommit={(v) => props.save({ WorkDays: withDay({ ...day, WorkEnd: toTime(v) }) })}
                />
              </>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
