import type { Counter, CounterReading } from '@fieldport/contract';
import type { CounterRow, readingsPage } from './counters.repository.ts';

const num = (v: string | null) => (v === null ? null : Number(v));

export const presentCounter = (r: CounterRow): Counter => ({
  Id: r.id,
  MachineId: r.machineId,
  MachineName: r.machineName,
  CustomerId: r.customerId,
  CustomerName: r.customerName,
  CounterType: r.counterType,
  Name: r.name,
  IsActive: r.isActive,
  LastValue: num(r.lastValue),
  LastReadingDate: r.lastReadAt,
  ReadingCount: r.readingCount,
  RowVersion: r.rowVersion,
});

type ReadingRow = Awaited<ReturnType<typeof readingsPage>>['rows'][number];
export const presentReading = (r: ReadingRow): CounterReading => ({
  Id: r.id,
  CounterId: r.counterId,
  Value: Number(r.value),
  ReadingDate: r.readAt,
  IsMeterChange: r.isMeterChange,
  UserName: r.userName,
});
