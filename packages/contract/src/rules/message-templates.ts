/**
 * The placeholders of the e-mail and SMS templates (001 §2.4): `{Name}` in a subject or body is
 * replaced by the job's, customer's or company's value when the message is written. A template naming
 * a placeholder not in this list is refused when saved, with the placeholder's name.
 */
export const TEMPLATE_PLACEHOLDERS = {
  job: ['JobId', 'OrderId', 'JobName', 'JobDescription', 'ContactName', 'StatusLink'],
  customer: ['CustomerName', 'CustomerNumber', 'DeliveryAddress'],
  company: ['CompanyName', 'CompanyPhone', 'CompanyEmail'],
} as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[keyof typeof TEMPLATE_PLACEHOLDERS][number];
const KNOWN = new Set<string>(Object.values(TEMPLATE_PLACEHOLDERS).flat());

const PLACEHOLDER = /\{([^{}\s]{1,60})\}/g;

/**
 * The placeholders of the new-lead mail (the Admin's lead e-mail page, decision 054): the lead's own
 * fields and the company's. A job's placeholders mean nothing there, so they are unknown in it.
 */
export const LEAD_TEMPLATE_PLACEHOLDERS = {
  lead: [
    'LeadName',
    'LeadContactName',
    'LeadEmail',
    'LeadPhone',
    'LeadAddress',
    'LeadDescription',
    'LeadType',
    'LeadCreatedBy',
  ],
  company: TEMPLATE_PLACEHOLDERS.company,
} as const;
export type LeadTemplatePlaceholder =
  (typeof LEAD_TEMPLATE_PLACEHOLDERS)[keyof typeof LEAD_TEMPLATE_PLACEHOLDERS][number];
const KNOWN_LEAD = new Set<string>(Object.values(LEAD_TEMPLATE_PLACEHOLDERS).flat());

/** Which placeholders a template may name: a job's message's (default) or the new-lead mail's. */
export type TemplateKind = 'job' | 'lead';
const knownOf = (kind: TemplateKind) => (kind === 'lead' ? KNOWN_LEAD : KNOWN);

/** The placeholders a text names that are not known, each once, in the order written. */
export function unknownPlaceholders(text: string, kind: TemplateKind = 'job'): string[] {
  const known = knownOf(kind);
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!known.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The text with each known placeholder replaced by its value (empty when the value is missing). */
export function renderTemplate(
  text: string,
  values: Partial<Record<TemplatePlaceholder | LeadTemplatePlaceholder, string>>,
  kind: TemplateKind = 'job',
): string {
  const known = knownOf(kind);
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    known.has(name) ? (values[name as TemplatePlaceholder | LeadTemplatePlaceholder] ?? '') : whole,
  );
}

/** Example values the template editor's preview shows. */
export const SAMPLE_PLACEHOLDER_VALUES: Record<TemplatePlaceholder, string> = {
  JobId: '10234',
  OrderId: '10234',
  JobName: 'Service of pump P-200',
  JobDescription: 'Yearly service',
  ContactName: 'Kari Nordmann',
  StatusLink: 'https://fieldport.example/portal/status/3q2-7wEjY6aXJ1cG9ydC1zdGF0dXMtbGluay1zYW1wbGU',
  CustomerName: 'Nordic Pumps AS',
  CustomerNumber: '1001',
  DeliveryAddress: 'Storgata 1, 0155 Oslo',
  CompanyName: 'Fieldport',
  CompanyPhone: '+47 22 00 00 00',
  CompanyEmail: 'support@fieldport.local',
};

/** Example values the lead e-mail page's preview shows. */
export const SAMPLE_LEAD_PLACEHOLDER_VALUES: Record<LeadTemplatePlaceholder, string> = {
  LeadName: 'Vestlandet Fisk AS',
  LeadContactName: 'Kari Nordmann',
  LeadEmail: 'kari@fisk.example',
  LeadPhone: '+47 912 34 567',
  LeadAddress: 'Kaien 1, 5003 Bergen',
  LeadDescription: 'Two ice machines need a service agreement.',
  LeadType: 'Trade fair',
  LeadCreatedBy: 'Ada Admin',
  CompanyName: SAMPLE_PLACEHOLDER_VALUES.CompanyName,
  CompanyPhone: SAMPLE_PLACEHOLDER_VALUES.CompanyPhone,
  CompanyEmail: SAMPLE_PLACEHOLDER_VALUES.CompanyEmail,
};
