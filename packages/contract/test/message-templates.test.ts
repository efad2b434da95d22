import { describe, expect, it } from 'vitest';
import {
  renderTemplate,
  SAMPLE_LEAD_PLACEHOLDER_VALUES,
  SAMPLE_PLACEHOLDER_VALUES,
  unknownPlaceholders,
} from '../src/rules/message-templates.ts';

describe('the e-mail and SMS templates’ placeholders', () => {
  it('names each unknown placeholder once, in the order written', () => {
    expect(unknownPlaceholders('Job {JobId} for {Kunde}, {Kunde} and {JobNummer}')).toEqual([
      'Kunde',
      'JobNummer',
    ]);
    expect(unknownPlaceholders('Job {JobId} for {CustomerName} from {CompanyName}')).toEqual([]);
    // Braces around spaces or nothing are plain text, not placeholders.
    expect(unknownPlaceholders('{ } {} a {b c}')).toEqual([]);
  });

  it('fills the known ones, a missing value as nothing, and leaves the rest as written', () => {
    expect(
      renderTemplate('Job {JobId} for {CustomerName}{ContactName}.', { JobId: '7', CustomerName: 'Acme' }),
    ).toBe('Job 7 for Acme.');
    expect(renderTemplate('{Other} {JobId}', { JobId: '7' })).toBe('{Other} 7');
    expect(renderTemplate('{CompanyName}', SAMPLE_PLACEHOLDER_VALUES)).toBe('Fieldport');
  });

  it('the new-lead mail knows the lead’s and the company’s placeholders, not a job’s (and a job’s not the lead’s)', () => {
    expect(unknownPlaceholders('Lead {LeadName} from {CompanyName} for {JobId}', 'lead')).toEqual(['JobId']);
    expect(unknownPlaceholders('Job {JobId} from {LeadName}')).toEqual(['LeadName']);
    expect(renderTemplate('{LeadName}, {LeadAddress} {JobId}', SAMPLE_LEAD_PLACEHOLDER_VALUES, 'lead')).toBe(
      'Vestlandet Fisk AS, Kaien 1, 5003 Bergen {JobId}',
    );
  });
});
