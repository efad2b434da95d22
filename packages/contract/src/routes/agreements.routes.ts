import { z } from 'zod';
import { ALL_USER_TYPES, UserType } from '../domain/user-types.ts';
import { listOf, SuccessMessage } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Contract,
  ContractChangeInput,
  ContractCreateInput,
  ContractFilter,
  ContractListItem,
  ContractType,
  ContractTypeChangeInput,
  ContractTypeInput,
  ContractTypeRecord,
  NextOrder,
  NextOrderJobInput,
  NextOrderJobResult,
  NextOrderJobsInput,
  NextOrdersQuery,
  ServiceAgreement,
  ServiceAgreementChangeInput,
  ServiceAgreementCreateInput,
  ServiceAgreementCreateQuery,
  ServiceAgreementQuery,
} from '../schemas/agreements.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { Task } from '../schemas/tasks.ts';

/**
 * Agreements (002 §7.5; issue 15), under the Contracts licence. Everyone reads the contracts and service
 * agreements they may see (customer users their company's, partners their customers'; another's is a
 * 404); the Admin changes them and turns next orders into jobs.
 */
const readers = users(ALL_USER_TYPES, { licence: 'Contracts' });
const office = users([UserType.Admin], { permission: 'Module.Contracts', licence: 'Contracts' });

export const contractRoutes = {
  contractTypeMap: defineRoute({
    method: 'GET',
    path: sp('Contract/TypeMap'),
    summary: 'The contract types with their icon and the number of active contracts the caller sees.',
    access: readers,
    response: json(z.array(ContractType)),
  }),
  contractTypeList: defineRoute({
    method: 'GET',
    path: sp('ContractType'),
    summary:
      'Ours: every contract type, active or not, with its names per language, icon and the number of contracts using it.',
    access: office,
    response: json(z.array(ContractTypeRecord)),
  }),
  contractTypeCreate: defineRoute({
    method: 'POST',
    path: sp('ContractType'),
    summary: 'Ours: create a contract type with its icon and names (names unique).',
    access: office,
    body: ContractTypeInput,
    response: json(ContractTypeRecord),
  }),
  contractTypeChange: defineRoute({
    method: 'PATCH',
    path: sp('ContractType/:id'),
    summary: 'Ours: change the fields sent of a contract type, with the RowVersion read.',
    access: office,
    params: RecordIdParams,
    body: ContractTypeChangeInput,
    response: json(ContractTypeRecord),
  }),
  contractTypeDelete: defineRoute({
    method: 'DELETE',
    path: sp('ContractType/:id'),
    summary: 'Ours: delete a contract type no contract uses (otherwise it can be made inactive).',
    access: office,
    params: RecordIdParams,
    response: json(SuccessMessage),
  }),
  contractFiltered: defineRoute({
    method: 'GET',
    path: sp('Contract/Filtered'),
    summary: 'A page of contracts, by type, customer or machine, searched in name and customer.',
    access: readers,
    query: ContractFilter,
    response: json(listOf(ContractListItem)),
  }),
  contractGet: defineRoute({
    method: 'GET',
    path: sp('Contract/:id'),
    summary: 'One contract with its machines, period, interval and price.',
    access: readers,
    params: RecordIdParams,
    response: json(Contract),
  }),
  contractCreate: defineRoute({
    method: 'POST',
    path: sp('Contract'),
    summary: 'Create a customer’s contract over some of its machines; it may not end before it starts.',
    access: office,
    body: ContractCreateInput,
    response: json(Contract),
  }),
  contractChange: defineRoute({
    method: 'PATCH',
    path: sp('Contract'),
    summary: 'Change the fields sent of a contract (by Id, with the RowVersion read).',
    access: office,
    body: ContractChangeInput,
    response: json(Contract),
  }),
  contractDelete: defineRoute({
    method: 'DELETE',
    path: sp('Contract/:id'),
    summary: 'Delete a contract; its service agreements stay, without it.',
    access: office,
    params: RecordIdParams,
    response: json(SuccessMessage),
  }),
} as const;

export const serviceAgreementRoutes = {
  serviceAgreementList: defineRoute({
    method: 'GET',
    path: sp('ServiceAgreement'),
    summary: 'A page of service agreements, by machine, customer or contract.',
    access: readers,
    query: ServiceAgreementQuery,
    response: json(listOf(ServiceAgreement)),
  }),
  nextOrders: defineRoute({
    method: 'GET',
    path: sp('ServiceAgreement/NextOrders'),
    summary:
      'The service visits the active agreements call for next, due by date or by counter on or before ToDate, by due date.',
    access: office,
    query: NextOrdersQuery,
    response: json(listOf(NextOrder)),
  }),
  serviceAgreementsOfMachine: defineRoute({
    method: 'GET',
    // The catalogue's {machineId}: named `id` here because PATCH and DELETE share the path, and one
    // path has one name per parameter (OpenAPI, Spectral's path-params).
    path: sp('ServiceAgreement/:id'),
    summary: 'The service agreements of a machine: `id` is the machine’s id.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(ServiceAgreement)),
  }),
  serviceAgreementCreate: defineRoute({
    method: 'POST',
    path: sp('ServiceAgreement'),
    summary: 'Create a machine’s service agreement (active unless agreementIsActive=false).',
    access: office,
    query: ServiceAgreementCreateQuery,
    body: ServiceAgreementCreateInput,
    response: json(ServiceAgreement),
  }),
  serviceAgreementChange: defineRoute({
    method: 'PATCH',
    path: sp('ServiceAgreement/:id'),
    summary:
      'Ours: change the fields sent of a service agreement, checked as a new one is, with the RowVersion read.',
    access: office,
    params: RecordIdParams,
    body: ServiceAgreementChangeInput,
    response: json(ServiceAgreement),
  }),
  serviceAgreementDelete: defineRoute({
    method: 'DELETE',
    path: sp('ServiceAgreement/:id'),
    summary: 'Delete a service agreement.',
    access: office,
    params: RecordIdParams,
    response: json(SuccessMessage),
  }),
  nextOrderJobCreate: defineRoute({
    method: 'POST',
    path: sp('ServiceAgreement/:id/CreateJob'),
    summary: 'Create the job of an agreement’s next visit (through the job rules); the agreement moves on.',
    access: office,
    params: RecordIdParams,
    body: NextOrderJobInput,
    response: json(NextOrderJobResult),
  }),
  nextOrderJobsCreate: defineRoute({
    method: 'POST',
    path: sp('ServiceAgreement/NextOrders/CreateJobs'),
    summary: 'Create the jobs of several next orders as a background task with progress.',
    access: office,
    body: NextOrderJobsInput,
    response: json(Task),
  }),
} as const;
