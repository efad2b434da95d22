import { describe, expect, it } from 'vitest';
import { messagesOnStatus } from '../../src/modules/job-messages/job-messages.policy.ts';

describe('the messages a job’s status move sends (decision 055)', () => {
  it('confirms a new job that is planned or set to an open status, and a job created so', () => {
    for (const to of [20, 30, 40, 49])
      expect(messagesOnStatus(10, to)).toEqual(['confirmed-email', 'confirmed-customer-support']);
    expect(messagesOnStatus(null, 20)).toEqual(['confirmed-email', 'confirmed-customer-support']);
  });

  it('does not confirm again between open statuses, nor a job created new', () => {
    expect(messagesOnStatus(20, 30)).toEqual([]);
    expect(messagesOnStatus(40, 20)).toEqual([]);
    expect(messagesOnStatus(20, 10)).toEqual([]);
    expect(messagesOnStatus(null, 10)).toEqual([]);
  });

  it('completes a job that reaches 50–69 from below 50, from any open status or at creation', () => {
    for (const from of [null, 10, 20, 49]) expect(messagesOnStatus(from, 50)).toEqual(['completedJob']);
    expect(messagesOnStatus(30, 60)).toEqual(['completedJob']);
    expect(messagesOnStatus(30, 69)).toEqual(['completedJob']);
  });

  it('sends nothing for a move within completed, approving, closing, deleting or no move', () => {
    expect(messagesOnStatus(50, 60)).toEqual([]);
    expect(messagesOnStatus(60, 50)).toEqual([]);
    expect(messagesOnStatus(50, 70)).toEqual([]);
    expect(messagesOnStatus(70, 100)).toEqual([]);
    expect(messagesOnStatus(10, 110)).toEqual([]);
    expect(messagesOnStatus(30, 70)).toEqual([]);
    expect(messagesOnStatus(50, 50)).toEqual([]);
  });
});
