import type { UserAccount } from '@fieldport/contract';
import { toLocalDateTime, workTimeText } from '@fieldport/contract';
import type { UserRow } from './users.repository.ts';

/** A joined user row as the wire's UserAccount; CreatedAt in the company's time zone. */
export function presentUser(
  r: {
    user: UserRow;
    departmentName: string | null;
    customerName: string | null;
    partnerCompanyName: string | null;
  },
  timeZone: string,
): UserAccount {
  const u = r.user;
  return {
    Id: u.id,
    Name: u.name,
    EmailAdress: u.email,
    UserLogonName: u.logonName,
    Phone: u.phone,
    UserTypeId: u.userTypeId,
    DepartmentId: u.departmentId,
    DepartmentName: r.departmentName,
    CustomerId: u.customerId,
    CustomerName: r.customerName,
    PartnerCompanyId: u.partnerCompanyId,
    PartnerCompanyName: r.partnerCompanyName,
    Uiculture: u.uiculture,
    IsActive: u.isActive,
    IsBookable: u.isBookable,
    IsContactPerson: u.isContactPerson,
    CanExport: u.canExport,
    EntraTenantId: u.entraTenantId,
    EntraObjectId: u.entraObjectId,
    CreatedAt: toLocalDateTime(u.createdAt, timeZone),
    RowVersion: u.rowVersion,
    Skills: u.skills,
    HomeLatitude: u.homeLatitude,
    HomeLongitude: u.homeLongitude,
    WorkStart: u.workStart === null ? null : workTimeText(u.workStart),
    WorkEnd: u.workEnd === null ? null : workTimeText(u.workEnd),
    WorkDays: u.workDays.map((d) => ({
      Weekday: d.weekday,
      Off: d.off,
      WorkStart: d.start === null ? null : workTimeText(d.start),
      WorkEnd: d.end === null ? null : workTimeText(d.end),
    })),
  };
}
