import type { Contract, ContractListItem, NextOrder, ServiceAgreement } from '@fieldport/contract';
import type { NextDue } from './agreements.policy.ts';
import type { ContractRow, machinesOfContract } from './contracts.repository.ts';
import type { AgreementRow } from './service-agreements.repository.ts';

const num = (v: string | null) => (v === null ? null : Number(v));

export const presentContractListItem = (r: ContractRow): ContractListItem => ({
  Id: r.id,
  ContractTypeId: r.contractTypeId,
  ContractTypeName: r.contractTypeName,
  CustomerId: r.customerId,
  CustomerName: r.customerName,
  Name: r.name,
  StartDate: r.startDate,
  EndDate: r.endDate,
  IntervalMonths: r.intervalMonths,
  Price: num(r.price),
  IsActive: r.isActive,
  MachineCount: r.machineCount,
});

export const presentContract = (
  r: ContractRow,
  machines: Awaited<ReturnType<typeof machinesOfContract>>,
): Contract => ({
  ...presentContractListItem(r),
  Notes: r.notes,
  Machines: machines.map((m) => ({ Id: m.id, Name: m.name, SerialNumber: m.serialNumber })),
  RowVersion: r.rowVersion,
});

export const presentAgreement = (r: AgreementRow): ServiceAgreement => ({
  Id: r.id,
  MachineId: r.machineId,
  MachineName: r.machineName,
  CustomerId: r.customerId,
  CustomerName: r.customerName,
  ContractId: r.contractId,
  ContractName: r.contractName,
  Name: r.name,
  StartDate: r.startDate,
  EndDate: r.endDate,
  IntervalMonths: r.intervalMonths,
  CounterId: r.counterId,
  CounterName: r.counterId === null ? null : r.counterName,
  CounterInterval: num(r.counterInterval),
  LastServiceDate: r.lastServiceDate,
  LastServiceCounter: num(r.lastServiceCounter),
  LastJobId: r.lastJobId,
  JobTypeId: r.jobTypeId,
  EstimatedTime: Number(r.estimatedTime),
  IsActive: r.isActive,
  RowVersion: r.rowVersion,
});

export const presentNextOrder = (
  r: AgreementRow,
  due: NextDue,
  counter: { total: number; lastReadDate: string } | null,
  today: string,
): NextOrder => ({
  AgreementId: r.id,
  AgreementName: r.name,
  MachineId: r.machineId,
  MachineName: r.machineName,
  SerialNumber: r.serialNumber,
  CustomerId: r.customerId,
  CustomerName: r.customerName,
  ContractId: r.contractId,
  ContractName: r.contractName,
  DueDate: due.dueDate,
  DueBy: due.dueBy,
  Overdue: due.dueDate < today,
  CounterName: r.counterId === null ? null : r.counterName,
  DueAtCounter: due.dueAtCounter,
  LastCounterValue: counter?.total ?? null,
  LastReadingDate: counter ? `${counter.lastReadDate}T00:00:00` : null,
  RowVersion: r.rowVersion,
});
