import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { PlannerMapOptions } from '../../../../lib/preferences.ts';

const CONTROLS = ['navigator', 'zoom', 'mapTypeControl', 'scale', 'rotate', 'fullscreen'] as const;

interface Props {
  open: boolean;
  options: PlannerMapOptions;
  onChange(options: PlannerMapOptions): void;
  onClose(): void;
}

/**
 * The map settings (000 §2): the map type (Map or Satellite) and which controls show (navigator, zoom,
 * map type, scale, rotate, fullscreen). Each choice applies at once and is kept (PlannerMapOptions).
 */
export function MapSettingsDialog({ open, options, onChange, onClose }: Props) {
  const { t } = useTranslation('planner');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="planner-map-settings-title">
      <DialogTitle id="planner-map-settings-title">{t('map.settings')}</DialogTitle>
      <DialogContent>
        <FormLabel id="planner-map-type">{t('map.mapType')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="planner-map-type"
          value={options.mapType}
          onChange={(e) =>
            onChange({ ...options, mapType: e.target.value === 'Satellite' ? 'Satellite' : 'Map' })
          }
        >
          <FormControlLabel value="Map" control={<Radio />} label={t('map.typeMap')} />
          <FormControlLabel value="Satellite" control={<Radio />} label={t('map.typeSatellite')} />
        </RadioGroup>
        <FormLabel component="legend" sx={{ mt: 2 }}>
          {t('map.controls')}
        </FormLabel>
        <FormGroup>
          {CONTROLS.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Switch
                  checked={options[key]}
                  onChange={(e) => onChange({ ...options, [key]: e.target.checked })}
                />
              }
              label={t(`map.control.${key}`)}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('map.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
