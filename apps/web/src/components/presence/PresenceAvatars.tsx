import type { LivePresence } from '@fieldport/contract';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { usePresence } from '../../lib/presence.ts';
import { avatarColour, initialsOf } from './avatar-colour.ts';

/** 000 §9 avatar sizes 25, 38, 80: the small one beside a record's title. */
const SIZE = 25;
/** Faces shown before the rest are summed up in one '+N'. */
const MAX_SHOWN = 5;

/** Each user once, however many tabs they have open on the record. */
function distinctUsers(others: readonly LivePresence[]): LivePresence[] {
  const seen = new Map<number, LivePresence>();
  for (const p of others) if (!seen.has(p.UserId)) seen.set(p.UserId, p);
  return [...seen.values()];
}

/**
 * Who else is on this record (002 §7.22 sharedroute): a small avatar per person with their name in
 * a tooltip. `presenceKey` is the record shown (`job:12`, `customer:3`): a list the hub sent for
 * another record (a stale one, just after moving on) is never shown here. Nothing when alone.
 */
export function PresenceAvatars({ presenceKey }: { presenceKey: string }) {
  const { t } = useTranslation('shell');
  const { key, others } = usePresence();
  if (key !== presenceKey) return null;
  const users = distinctUsers(others);
  if (users.length === 0) return null;
  const shown = users.slice(0, MAX_SHOWN);
  const rest = users.slice(MAX_SHOWN);
  const names = users.map((u) => u.Name).join(', ');
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="group"
      aria-label={t('presence.alsoViewing', { names })}
      data-testid="presence-avatars"
      sx={{ alignItems: 'center', flexShrink: 0 }}
    >
      {shown.map((u) => (
        <Tooltip key={u.UserId} title={u.Name}>
          <Avatar
            aria-label={u.Name}
            sx={{
              width: SIZE,
              height: SIZE,
              fontSize: '0.75rem',
              fontWeight: 600,
              bgcolor: avatarColour(u.UserId),
              color: '#fff',
            }}
          >
            {initialsOf(u.Name)}
          </Avatar>
        </Tooltip>
      ))}
      {rest.length > 0 ? (
        <Tooltip
          title={t('presence.more', { count: rest.length, names: rest.map((u) => u.Name).join(', ') })}
        >
          <Avatar
            aria-label={t('presence.more', { count: rest.length, names: rest.map((u) => u.Name).join(', ') })}
            sx={{ width: SIZE, height: SIZE, fontSize: '0.7rem', bgcolor: '#37474f', color: '#fff' }}
          >
            +{rest.length}
          </Avatar>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
