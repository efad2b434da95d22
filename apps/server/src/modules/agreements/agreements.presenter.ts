import {
  builtInNames,
  type Contract,
  type ContractListItem,
  type Language,
  localName,
  type NextOrder,
  type ServiceAgreement,
} from '@fieldport/contract';
import type { NextDue } from './agreements.policy.ts';
import type { ContractRow, machinesOfContract } from './contracts.repository.ts';
import type { AgreementRow } from './service-agreements.repository.ts';

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * A counter's name: the one the company gave it, else its type's (Operating hours, Starts, Kilometres)
 * in the caller's language (reference.json, decision 078).
 */
const counterName = (r: AgreementRow, lang: Language) =>
  r.counterId === null
    ? null
    : r.counterName || localName({ name: '', names: builtInNames('counter_type', r.counterType ?? 0) }, lang);

export const presentContractListItem = (r: ContractRow, lang: Language): ContractListItem => ({
  Id: r.id,
  ContractTypeId: r.contractTypeId,
  ContractTypeName: localName({ name: r.contractTypeName, names: r.contractTypeNames }, lang),
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
  lang: Language,
): Contract => ({
  ...presentContractListItem(r, lang),
  Notes: r.notes,
  Machines: machines.map((m) => ({ Id: m.id, Name: m.name, SerialNumber: m.serialNumber })),
  RowVersion: r.rowVersion,
});

export const presentAgreement = (r: AgreementRow, lang: Language): ServiceAgreement => ({
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
  CounterName: counterName(r, lang),
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
  lang: Language,
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
  CounterName: counterName(r, lang),
  DueAtCounter: due.dueAtCounter,
  LastCounterValue: counter?.total ?? null,
  LastReadingDate: counter ? `${counter.lastReadDate}T00:00:00` : null,
  RowVersion: r.rowVersion,
});
