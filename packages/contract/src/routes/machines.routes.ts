import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { ActiveState, RecordId, RecordIdParams } from '../schemas/fields.ts';
import {
  Machine,
  MachineBulkInput,
  MachineChangeInput,
  MachineChangeModelInput,
  MachineChangeOwnerInput,
  MachineContract,
  MachineCreateInput,
  MachineFilter,
  MachineListItem,
  MachineMoveResult,
  MachinePerformance,
  MachineSearchQuery,
} from '../schemas/machines.ts';

/**
 * Machines (002 §7.14). Everyone may read, but customer users see only their company's machines and
 * partners only theirs; someone else's id answers 404. Changes are for Admin, Technician, Subcontractor.
 */
const readers = users(ALL_USER_TYPES);
const editors = users(STAFF, { permission: 'Machine.Edit' });

export const machineRoutes = {
  machineSearch: defineRoute({
    method: 'GET',
    path: sp('machine/search'),
    summary: 'Machines whose name, serial number or QR code matches; a plain list.',
    access: readers,
    query: MachineSearchQuery,
    response: json(z.array(MachineListItem)),
  }),
  machineFiltered: defineRoute({
    method: 'POST',
    path: sp('Machine/Filtered'),
    summary: 'A page of machines, by customer, model, type, supplier or asset type.',
    access: readers,
    body: MachineFilter,
    response: json(listOf(MachineListItem)),
  }),
  machineGet: defineRoute({
    method: 'GET',
    path: sp('machine/:id'),
    summary: 'One machine with its model, type, asset type and delivery address.',
    access: readers,
    params: RecordIdParams,
    response: json(Machine),
  }),
  machineCreate: defineRoute({
    method: 'POST',
    path: sp('machine'),
    summary: 'Create a machine for a customer.',
    access: editors,
    body: MachineCreateInput,
    response: json(Machine),
  }),
  machineChange: defineRoute({
    method: 'PATCH',
    path: sp('machine'),
    summary: 'Change the fields sent of a machine (by RecordId).',
    access: editors,
    body: MachineChangeInput,
    response: json(Machine),
  }),
  machineBulkPartialUpdate: defineRoute({
    method: 'POST',
    path: sp('Machine/BulkPartialUpdate'),
    summary: 'Change several machines at once: all changes are saved, or none.',
    access: editors,
    body: MachineBulkInput,
    response: json(z.array(Machine)),
  }),
  machineChangeOwner: defineRoute({
    method: 'POST',
    path: sp('machine/changeOwner/:id'),
    summary: 'Move a machine to another customer (to its default delivery address unless one is given).',
    access: editors,
    params: RecordIdParams,
    body: MachineChangeOwnerInput,
    response: json(Machine),
  }),
  machineChangeOwnerAll: defineRoute({
    method: 'POST',
    path: sp('machine/ChangeOwnerAllMachines/From/:fromId/To/:toId'),
    summary: 'Move every machine of one customer to another (the customer merge).',
    access: editors,
    params: z.object({ fromId: RecordId, toId: RecordId }),
    response: json(MachineMoveResult),
  }),
  machineChangeModelInfo: defineRoute({
    method: 'PATCH',
    path: sp('machine/ChangeModelInfo/:id'),
    summary: 'Change the model (of the given supplier) and the asset type of a machine.',
    access: editors,
    params: RecordIdParams,
    body: MachineChangeModelInput,
    response: json(Machine),
  }),
  machinePerformance: defineRoute({
    method: 'GET',
    path: sp('machine/:id/performance'),
    summary: 'Job counts and intervals of a machine.',
    access: readers,
    params: RecordIdParams,
    response: json(MachinePerformance),
  }),
  machineContract: defineRoute({
    method: 'GET',
    path: sp('machine/:id/contract'),
    summary: 'The service contract of a machine; 404 with "no machine contract" when it has none.',
    access: readers,
    params: RecordIdParams,
    response: json(MachineContract),
  }),
  machineGetActiveState: defineRoute({
    method: 'GET',
    path: sp('machine/:id/GetActiveState'),
    summary: 'Whether the machine is active.',
    access: readers,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  machineToggleActiveState: defineRoute({
    method: 'PATCH',
    path: sp('machine/:id/ToggleActiveState'),
    summary: 'Flip the machine between active and inactive.',
    access: editors,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
} as const;
