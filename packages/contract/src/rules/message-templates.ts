/**
 * The placeholders of the e-mail and SMS templates (001 §2.4): `{Name}` in a subject or body is
 * replaced by the job's, customer's or company's value when the message is written. A template naming
 * a placeholder not in this list is refused when saved, with the placeholder's name.
 */
export const TEMPLATE_PLACEHOLDERS = {
  job: ['JobId', 'OrderId', 'JobName', 'JobDescription', 'ContactName'],
  customer: ['CustomerName', 'CustomerNumber', 'DeliveryAddress'],
  company: ['CompanyName', 'CompanyPhone', 'CompanyEmail'],
} as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[keyof typeof TEMPLATE_PLACEHOLDERS][number];
const KNOWN = new Set<string>(Object.values(TEMPLATE_PLACEHOLDERS).flat());

const PLACEHOLDER = /\{([^{}\s]{1,60})\}/g;

/** The placeholders a text names that are not known, each once, in the order written. */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!KNOWN.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The text with each known placeholder replaced by its value (empty when the value is missing). */
export function renderTemplate(text: string, values: Partial<Record<TemplatePlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? (values[name as TemplatePlaceholder] ?? '') : whole,
  );
}

/** Example values the template editor's preview shows. */
export const SAMPLE_PLACEHOLDER_VALUES: Record<TemplatePlaceholder, string> = {
  JobId: '10234',
  OrderId: '10234',
  JobName: 'Service of pump P-200',
  JobDescription: 'Yearly service',
  ContactName: 'Kari Nordmann',
  CustomerName: 'Nordic Pumps AS',
  CustomerNumber: '1001',
  DeliveryAddress: 'Storgata 1, 0155 Oslo',
  CompanyName: 'Fieldport',
  CompanyPhone: '+47 22 00 00 00',
  CompanyEmail: 'support@fieldport.local',
};
