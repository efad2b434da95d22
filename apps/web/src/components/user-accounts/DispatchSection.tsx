import type { UserAccount, UserChangeInput } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../lib/session.tsx';
import { CommitField } from '../commit-field/CommitField.tsx';
import { SkillsField } from '../skills-field/SkillsField.tsx';
import { WorkDaysFields } from './WorkDaysFields.tsx';
import { toTime, workTimeRule } from './work-time.ts';

type Change = z.input<typeof UserChangeInput>;

/** A coordinate in degrees, or empty for none: the translated message of its problem, or null. */
function coordinateRule(max: number, message: string) {
  return (v: string) => {
    const text = v.trim().replace(',', '.');
    if (text === '') return null;
    const n = Number(text);
    return /^-?\d{1,3}(\.\d+)?$/.test(text) && Number.isFinite(n) && Math.abs(n) <= max ? null : message;
  };
}

const toNumber = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));

/**
 * What the planner's proposals read of a user (decision 063): their skills, their home, where their
 * working day starts and ends (none: the main office), and their own working hours (decision 097; none:
 * the company's), with the weekdays that differ (decision 100). Saved as each changes, like the other fields.
 */
export function DispatchSection(props: {
  user: UserAccount;
  locked: boolean;
  save: (body: Change, fromField?: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation('users');
  const { user } = props;
  const company = useSession().info?.GlobalSettings;
  const messages = { time: t('dispatch.timeRule'), order: t('dispatch.orderRule') };
  const hoursHelp = t('dispatch.hoursHelp', {
    start: company?.WorkHourStart ?? '',
    end: company?.WorkHourEnd ?? '',
  });
  return (
    <Box component="section" aria-labelledby="user-dispatch-heading">
      <Typography id="user-dispatch-heading" variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }}>
        {t('dispatch.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('dispatch.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SkillsField
            name="Skills"
            label={t('field.Skills')}
            value={user.Skills ?? []}
            disabled={props.locked}
            onCommit={(Skills) => props.save({ Skills, RowVersion: user.RowVersion }, false)}
          />
        </Box>
        <CommitField
          version={user.RowVersion}
          label={t('field.HomeLatitude')}
          name="HomeLatitude"
          inputMode="decimal"
          value={user.HomeLatitude == null ? '' : String(user.HomeLatitude)}
          validate={coordinateRule(90, t('dispatch.latitudeRule'))}
          lockReason={props.locked ? t('staff_only_admin') : null}
          onCommit={(v) => props.save({ HomeLatitude: toNumber(v) })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('field.HomeLongitude')}
          name="HomeLongitude"
          inputMode="decimal"
          value={user.HomeLongitude == null ? '' : String(user.HomeLongitude)}
          validate={coordinateRule(180, t('dispatch.longitudeRule'))}
          lockReason={props.locked ? t('staff_only_admin') : null}
          onCommit={(v) => props.save({ HomeLongitude: toNumber(v) })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('field.WorkStart')}
          name="WorkStart"
          helperText={hoursHelp}
          value={user.WorkStart ?? ''}
          validate={workTimeRule('start', user.WorkEnd, messages)}
          lockReason={props.locked ? t('staff_only_admin') : null}
          onCommit={(v) => props.save({ WorkStart: toTime(v) })}
        />
        <CommitField
          version={user.RowVersion}
          label={t('field.WorkEnd')}
          name="WorkEnd"
          helperText={hoursHelp}
          value={user.WorkEnd ?? ''}
          validate={workTimeRule('end', user.WorkStart, messages)}
          lockReason={props.locked ? t('staff_only_admin') : null}
          onCommit={(v) => props.save({ WorkEnd: toTime(v) })}
        />
      </Box>
      <WorkDaysFields user={user} locked={props.locked} save={props.save} />
    </Box>
  );
}
