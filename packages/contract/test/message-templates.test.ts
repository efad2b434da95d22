import { describe, expect, it } from 'vitest';
import {
  renderTemplate,
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
});
