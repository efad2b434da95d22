import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Figure {
  id: string;
  label: string;
  /** The count, '10,000+' when capped; null while loading. */
  value: string | null;
  /** The list behind the figure. */
  to: string;
  tone?: 'error' | 'warning';
}

/** The dashboard's figures: each a card leading to the list behind it. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box
      component="ul"
      aria-label={t('figures')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
      }}
    >
      {figures.map((f) => (
        <Box component="li" key={f.id} data-testid={`figure-${f.id}`}>
          <Paper
            variant="outlined"
            component={RouterLink}
            to={f.to}
            sx={{
              display: 'block',
              height: '100%',
              p: 2,
              color: 'inherit',
              textDecoration: 'none',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Typography
              component="p"
              variant="h4"
              sx={{
                fontWeight: 600,
                // The tone's deeper shade on white, its lighter one on the dark theme's paper (AA both ways).
                color: (theme) =>
                  f.tone
                    ? theme.palette[f.tone][theme.palette.mode === 'dark' ? 'light' : 'dark']
                    : theme.palette.text.primary,
              }}
            >
              {f.value ?? '–'}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
          </Paper>
        </Box>
      ))}
    </Box>
  );
}
