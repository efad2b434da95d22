import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InactiveIcon } from './InactiveIcon.tsx';

/** The name of the record a tab page shows, with its state and a line of details. */
export function RecordHeading(props: {
  name: string;
  active?: boolean;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('machines');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        mb: 2,
        color: props.active === false ? 'text.secondary' : 'text.primary',
      }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ color: 'inherit', overflowWrap: 'anywhere' }}>
            {props.name}
          </Typography>
          {props.active === false ? (
            <Chip size="small" icon={<InactiveIcon />} label={t('common.inactive')} variant="outlined" />
          ) : null}
        </Box>
        {props.details ? (
          <Typography variant="body2" color="text.secondary">
            {props.details}
          </Typography>
        ) : null}
      </Box>
      {props.actions}
    </Box>
  );
}
