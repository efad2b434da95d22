import RouteIcon from '@mui/icons-material/Route';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** A user row's "Optimise this day" (issue 30): opens the before and after of the user's day. */
export function OptimiseRowButton({
  resource,
  onOptimise,
}: {
  resource: { id: number; name: string };
  onOptimise(resource: { id: number; name: string }): void;
}) {
  const { t } = useTranslation('planner');
  const label = t('optimise.rowButton', { name: resource.name });
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      data-testid={`planner-optimise-${resource.id}`}
      onClick={() => onOptimise({ id: resource.id, name: resource.name })}
      sx={{ flex: 'none', p: 0.25, ml: 0.5 }}
    >
      <RouteIcon fontSize="small" />
    </IconButton>
  );
}
