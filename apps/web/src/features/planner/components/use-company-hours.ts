import { useMemo } from 'react';
import { useSession } from '../../../lib/session.tsx';
import { companyHours } from '../rules/own-hours.ts';

/** The company's work hours in minutes since midnight (GlobalSettings WorkHourStart/End), one object per change. */
export function useCompanyHours() {
  const settings = useSession().info?.GlobalSettings;
  const start = settings?.WorkHourStart;
  const end = settings?.WorkHourEnd;
  return useMemo(() => companyHours(start, end), [start, end]);
}
