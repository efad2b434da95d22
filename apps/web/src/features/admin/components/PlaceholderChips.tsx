import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A template's placeholders by group, each a chip that inserts `{Name}` where the caret is: the job
 * message templates and the new-lead mail share it.
 */
export function PlaceholderChips<G extends string>(props: {
  groups: Record<G, readonly string[]>;
  /** The group's name as shown (and read out for its chips). */
  groupLabel(group: G): string;
  onInsert(name: string): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {t('email.placeholders')}
      </Typography>
      {(Object.keys(props.groups) as G[]).map((group) => (
        <Stack
          key={group}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
          role="group"
          aria-label={props.groupLabel(group)}
        >
          <Typography variant="caption" sx={{ minWidth: 80 }}>
            {props.groupLabel(group)}
          </Typography>
          {props.groups[group].map((name) => (
            <Chip
              key={name}
              size="small"
              label={`{${name}}`}
              onClick={() => props.onInsert(name)}
              aria-label={t('email.insert', { name: `{${name}}` })}
            />
          ))}
        </Stack>
      ))}
    </div>
  );
}
