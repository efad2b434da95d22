import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The active toggle of a record (000 §4): reads the state, then flips it when it differs from what the
 * user asked for. `setActive` does both and resolves the saved state.
 */
export function ActiveSwitch(props: {
  active: boolean;
  setActive(next: boolean): Promise<unknown>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('machines');
  const [saving, setSaving] = useState(false);
  return (
    <FormControlLabel
      label={t('fields.active')}
      control={
        <Switch
          checked={props.active}
          disabled={props.disabled || saving}
          slotProps={{
            input: { 'aria-label': t('fields.active'), ...({ 'data-testid': props.testId } as object) },
          }}
          onChange={async (_, checked) => {
            setSaving(true);
            try {
              await props.setActive(checked);
            } catch {
              // The failure is shown by the API client; the switch keeps the saved state.
            } finally {
              setSaving(false);
            }
          }}
        />
      }
    />
  );
}
