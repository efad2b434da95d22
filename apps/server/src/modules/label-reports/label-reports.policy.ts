import {
  LABEL_REPORTS_PER_ADDRESS_HOUR,
  LABEL_REPORTS_PER_LABEL_HOUR,
  LABEL_TOKEN,
  UserType,
} from '@fieldport/contract';
import type { AuthUser } from '../common/caller.ts';

/** The window the label form's rate limit counts in. */
export const LABEL_REPORT_WINDOW_MS = 60 * 60 * 1000;

/** The label form's rules (decision 070), pure. */
export const labelReportPolicy = {
  /** Whether a token can be a label's at all: anything else is answered as an unknown label. */
  isToken: (token: string) => LABEL_TOKEN.test(token),
  /** Whether one more report is within the limits per label and per address of the last hour. */
  withinLimits: (recent: { label: number; address: number }) =>
    recent.label < LABEL_REPORTS_PER_LABEL_HOUR && recent.address < LABEL_REPORTS_PER_ADDRESS_HOUR,
  /**
   * Who reports from a label: no account (id 0), acting as a customer employee of the machine's
   * customer, so every scope the job service applies keeps to that customer.
   */
  reporter: (customerId: number, name: string, email: string, lang: string | undefined): AuthUser => ({
    id: 0,
    name,
    email,
    logonName: '',
    userTypeId: UserType.CustomerEmployee,
    customerId,
    partnerCompanyId: null,
    departmentId: null,
    uiculture: lang ?? 'en',
  }),
};
