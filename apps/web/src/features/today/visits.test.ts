import type { Appointment } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { directionsHref, mailtoHref, nextVisitOf, telHref, visitDays } from './visits.ts';

const visit = (Id: number, StartTime: string, EndTime: string): Appointment => ({
  Id,
  Subject: '',
  AppointmentDate: StartTime.slice(0, 10),
  StartTime,
  EndTime,
  JobId: Id,
  Type: 1,
  IsAbsence: false,
  Participants: [],
  RowVersion: 1,
  Job: {
    Id,
    DisplayName: `Job ${Id}`,
    OrderId: null,
    JobStatusId: 20,
    StatusName: 'Planned',
    StatusColor: '#000',
    JobTypeId: 1,
    JobTypeName: 'Service',
    CustomerId: 1,
    CustomerName: 'C',
    Address: '',
    EstimatedTime: null,
  },
});

describe("Today's visits", () => {
  it('counts a visit going on since yesterday as today’s and the next, and one over as done', () => {
    const days = visitDays(
      [
        visit(1, '2026-11-23T22:00:00', '2026-11-24T10:00:00'),
        visit(2, '2026-11-24T07:00:00', '2026-11-24T08:00:00'),
        visit(3, '2026-11-26T09:00:00', '2026-11-26T10:00:00'),
      ],
      '2026-11-24T09:00:00',
    );
    expect(days.map((d) => [d.day, d.upcoming.map((v) => v.Id), d.done.map((v) => v.Id)])).toEqual([
      ['2026-11-24', [1], [2]],
      ['2026-11-26', [3], []],
    ]);
    expect(nextVisitOf(days)?.Id).toBe(1);
  });

  it('has no next visit when every visit is over', () => {
    const days = visitDays([visit(2, '2026-11-24T07:00:00', '2026-11-24T08:00:00')], '2026-11-24T08:00:00');
    expect(nextVisitOf(days)).toBeNull();
  });

  it('links phone numbers and e-mail addresses only when they are ones', () => {
    expect(telHref('+47 (0) 912-34.567')).toBe('tel:+4791234567');
    expect(telHref('(22) 33 44 55')).toBe('tel:22334455');
    expect(telHref('')).toBeNull();
    expect(telHref('ask at the gate')).toBeNull();
    expect(mailtoHref(' kari@example.test ')).toBe('mailto:kari@example.test');
    expect(mailtoHref('')).toBeNull();
    expect(directionsHref({ text: '  ', latitude: null, longitude: null })).toBeNull();
    expect(directionsHref({ text: 'Kongens gate 1', latitude: 0, longitude: 0 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=0%2C0',
    );
  });
});
