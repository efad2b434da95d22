import { describe, expect, it } from 'vitest';
import { statusLinkPolicy as policy } from '../../src/modules/status-links/status-links.policy.ts';

const visit = (startTime: string, endTime: string, onMyWayAt: Date | null = null) => ({
  startTime,
  endTime,
  onMyWayAt,
});

describe('the customer’s status link rules (decision 072)', () => {
  it('makes tokens of 256 random bits that name nothing, and keeps only their SHA-256', () => {
    const a = policy.newToken();
    const b = policy.newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(policy.isToken(a)).toBe(true);
    expect(policy.isToken(`${a}x`)).toBe(false);
    expect(policy.hashOf(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(policy.hashOf(a)).not.toContain(a);
  });

  it('ends a link the set hours after the job’s last visit ended; without visits it lasts', () => {
    const visits = [
      visit('2026-11-30 09:00:00', '2026-11-30 11:00:00'),
      visit('2026-12-01 08:00:00', '2026-12-01 10:00:00'),
    ];
    expect(policy.expired(visits, '2026-12-04T10:00:00', 72)).toBe(false);
    expect(policy.expired(visits, '2026-12-04T10:00:01', 72)).toBe(true);
    expect(policy.expired(visits, '2026-12-01T12:00:00', 1)).toBe(true);
    expect(policy.expired([], '2030-01-01T00:00:00', 72)).toBe(false);
  });

  it('is about the visit on the way, else the next or current one; the stage follows it', () => {
    const out = new Date('2026-11-30T07:30:00Z');
    const early = visit('2026-11-30 08:00:00', '2026-11-30 09:00:00');
    const later = visit('2026-11-30 10:00:00', '2026-11-30 11:00:00', out);
    expect(policy.visitNow([early, later], '2026-11-30T07:00:00')).toBe(later);
    expect(policy.visitNow([early], '2026-11-30T08:30:00')).toBe(early);
    expect(policy.visitNow([early], '2026-11-30T09:00:00')).toBeNull();

    expect(policy.stage(20, early, '2026-11-30T07:00:00', null)).toBe('planned');
    expect(policy.stage(20, early, '2026-11-30T08:10:00', null)).toBe('onSite');
    expect(policy.stage(20, later, '2026-11-30T09:00:00', '2026-11-30T09:40:00')).toBe('onMyWay');
    expect(policy.stage(20, later, '2026-11-30T09:41:00', '2026-11-30T09:40:00')).toBe('onSite');
    // No place to drive to: on the way, with no estimate.
    expect(policy.stage(20, later, '2026-11-30T09:41:00', null)).toBe('onMyWay');
    expect(policy.stage(50, later, '2026-11-30T09:00:00', '2026-11-30T09:40:00')).toBe('done');
    expect(policy.stage(30, null, '2026-11-30T09:00:00', null)).toBe('open');
  });

  it('gives the customer the technician’s first name only', () => {
    expect(policy.firstName('Tina  Marie Tekniker')).toBe('Tina');
    expect(policy.firstName(' ')).toBeNull();
    expect(policy.firstName(null)).toBeNull();
  });

  it('drives the estimate from a position under five minutes old, else from the plan', () => {
    const setOut = new Date('2026-11-30T08:00:00Z');
    const plan = { setOutAt: setOut, driveSeconds: 3000 };
    const planned = new Date('2026-11-30T08:50:00Z');
    const sent = new Date('2026-11-30T08:20:00Z');
    const position = { recordedAt: sent, driveSeconds: 600 };
    // No position: the plan's leg from setting out.
    expect(policy.arrival(plan, null, new Date('2026-11-30T08:21:00Z'))).toEqual(planned);
    // A fresh one (up to five minutes): its time plus the drive from there, earlier or later than the plan.
    expect(policy.arrival(plan, position, new Date('2026-11-30T08:21:00Z'))).toEqual(
      new Date('2026-11-30T08:30:00Z'),
    );
    expect(policy.arrival(plan, position, new Date('2026-11-30T08:25:00Z'))).toEqual(
      new Date('2026-11-30T08:30:00Z'),
    );
    expect(policy.arrival(plan, { recordedAt: sent, driveSeconds: 3600 }, sent)).toEqual(
      new Date('2026-11-30T09:20:00Z'),
    );
    // Older than five minutes: the plan's again.
    expect(policy.arrival(plan, position, new Date('2026-11-30T08:25:01Z'))).toEqual(planned);
    expect(policy.freshPosition(null, sent)).toBe(false);
    expect(policy.freshPosition(sent, new Date('2026-11-30T08:25:00Z'))).toBe(true);
  });
});
