import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { FlagLevel } from './sub-job-rules.ts';

/** 000 §3 flag: a tick for ok, a flag for a notice, an error mark for a problem; colour follows. */
const ICONS = { ok: CheckCircleOutlined, notice: FlagOutlined, problem: ErrorOutlined } as const;
const COLORS = { ok: 'success', notice: 'warning', problem: 'error' } as const;

export function FlagIcon({ level, ...rest }: { level: FlagLevel } & SvgIconProps) {
  const Icon = ICONS[level];
  return <Icon color={COLORS[level]} {...rest} />;
}
