import { useTranslation } from 'react-i18next';

/**
 * A quantity's unit as the reader writes it (units.json): the built-in units (pcs, h, l, m, kg, set:
 * the article form's choice) in the reader's language ("stk" in Norwegian, "件" in Chinese); a unit
 * typed otherwise is shown as stored. The pages that show units load the `units` namespace.
 */
export function useUnitText(): (unit: string) => string {
  const { t } = useTranslation('units');
  const short = t('short', { returnObjects: true }) as Record<string, string>;
  return (unit) => (Object.hasOwn(short, unit) ? (short[unit] ?? unit) : unit);
}
