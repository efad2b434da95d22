import ToggleOff from '@mui/icons-material/ToggleOff';
import { useTranslation } from 'react-i18next';

/** The off icon of an inactive record (000 §2: inactive items are greyed with an off icon). */
export function InactiveIcon() {
  const { t } = useTranslation('machines');
  return <ToggleOff fontSize="small" titleAccess={t('common.inactive')} sx={{ color: 'text.secondary' }} />;
}
