import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FlagIcon } from './FlagIcon.tsx';
import { FLAG_LEVELS, type FlagLevel, flagLevel, flagValue } from './sub-job-rules.ts';

/**
 * A sub-job's flag (000 §3: 0 ok, 1 notice, above 1 problem) as three icon toggles, each named, the
 * current one pressed; Tab and Enter or Space change it. Read-only: the current icon with its name.
 */
export function FlagControl(props: {
  flag: number;
  name: string;
  readOnly: boolean;
  onChange(value: number): void;
}) {
  const { t } = useTranslation('jobs');
  const level = flagLevel(props.flag);
  const label = (l: FlagLevel) => t(`subJobs.flagLevel.${l}`);
  if (props.readOnly)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="flag-control">
        <FlagIcon level={level} fontSize="small" aria-hidden />
        <Typography variant="body2">{t('subJobs.flagIs', { level: label(level) })}</Typography>
      </Box>
    );
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={level}
      aria-label={t('subJobs.flagOf', { name: props.name })}
      onChange={(_, next: FlagLevel | null) => {
        if (next && next !== level) props.onChange(flagValue(next));
      }}
      data-testid="flag-control"
    >
      {FLAG_LEVELS.map((l) => (
        <Tooltip key={l} title={label(l)}>
          <ToggleButton value={l} aria-label={label(l)}>
            <FlagIcon level={l} fontSize="small" aria-hidden />
          </ToggleButton>
        </Tooltip>
      ))}
    </ToggleButtonGroup>
  );
}
