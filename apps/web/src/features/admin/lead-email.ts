import { unknownPlaceholders } from '@fieldport/contract';

/** The lead e-mail page's form: the switch, the address, the subject and the text. */
export interface LeadEmailDraft {
  enabled: boolean;
  to: string;
  subject: string;
  body: string;
}

/** The draft's problems before saving: an address needed when on and valid; no unknown placeholder. */
export function leadEmailProblems(
  draft: LeadEmailDraft,
  email: (v: string) => string | null,
  required: string,
  unknown: (names: string) => string,
): Partial<Record<keyof LeadEmailDraft, string>> {
  const out: Partial<Record<keyof LeadEmailDraft, string>> = {};
  const to = draft.to.trim();
  if (draft.enabled && to === '') out.to = required;
  else if (to !== '') {
    const bad = email(to);
    if (bad) out.to = bad;
  }
  for (const f of ['subject', 'body'] as const) {
    const names = unknownPlaceholders(draft[f], 'lead');
    if (names.length) out[f] = unknown(names.map((n) => `{${n}}`).join(', '));
  }
  return out;
}
