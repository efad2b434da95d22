import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { ActiveState, PagedQuery, RecordIdParams, SearchText } from '../schemas/fields.ts';
import {
  AssetType,
  AssetTypeChangeInput,
  AssetTypeInput,
  FailureCodeUsage,
  FeatureState,
  JobTypeUsage,
  MachineModel,
  MachineModelChangeInput,
  MachineModelInput,
  MachineType,
  MachineTypeChangeInput,
  MachineTypeInput,
  ModelFilterQuery,
  ModelJob,
  Supplier,
  SupplierChangeInput,
  SupplierInput,
} from '../schemas/machines.ts';

/**
 * Machine models, machine types, suppliers (002 §7.14) and asset types (002 §7.11): reference data
 * read by staff and partners, written by administrators. "list" is the whole list as a plain array.
 */
const readers = users([1, 2, 3, 5]);
const admin = users([1], { permission: 'Module.Admin' });
const assetReaders = users([1, 2, 3, 5], { feature: 'AssetTypesEnabled' });
const assetAdmin = users([1], { permission: 'Module.Admin', feature: 'AssetTypesEnabled' });
const SearchQuery = z.object({ searchQuery: SearchText.optional() });

export const machineModelRoutes = {
  machineModelSearch: defineRoute({
    method: 'GET',
    path: sp('MachineModel/search'),
    summary: 'Active machine models whose name, type or supplier matches; a plain list.',
    access: readers,
    query: SearchQuery,
    response: json(z.array(MachineModel)),
  }),
  machineModelList: defineRoute({
    method: 'GET',
    path: sp('MachineModel/list'),
    summary: 'Every machine model.',
    access: readers,
    response: json(z.array(MachineModel)),
  }),
  machineModelFiltered: defineRoute({
    method: 'GET',
    path: sp('MachineModel/Filtered'),
    summary: 'A page of machine models, by type or supplier.',
    access: readers,
    query: ModelFilterQuery,
    response: json(listOf(MachineModel)),
  }),
  machineModelGet: defineRoute({
    method: 'GET',
    path: sp('MachineModel/:id'),
    summary: 'One machine model.',
    access: readers,
    params: RecordIdParams,
    response: json(MachineModel),
  }),
  machineModelGetActiveState: defineRoute({
    method: 'GET',
    path: sp('MachineModel/:id/GetActiveState'),
    summary: 'Whether the machine model is active.',
    access: readers,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  machineModelToggleActiveState: defineRoute({
    method: 'PATCH',
    path: sp('MachineModel/:id/ToggleActiveState'),
    summary: 'Flip the machine model between active and inactive.',
    access: admin,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  machineModelSupplierFailureCodeUsage: defineRoute({
    method: 'GET',
    path: sp('MachineModel/:id/SupplierFailureCodeUsage'),
    summary: 'How often each supplier failure code was used on jobs of machines of this model.',
    access: users([1, 2, 3]),
    params: RecordIdParams,
    response: json(z.array(FailureCodeUsage)),
  }),
  machineModelJobs: defineRoute({
    method: 'GET',
    path: sp('MachineModel/:id/Jobs'),
    summary: 'Machine jobs of machines of this model, newest first.',
    access: users([1, 2, 3]),
    params: RecordIdParams,
    query: PagedQuery,
    response: json(listOf(ModelJob)),
  }),
  machineModelJobTypes: defineRoute({
    method: 'GET',
    path: sp('MachineModel/:id/JobTypes'),
    summary: 'Job types of the jobs of machines of this model, with counts.',
    access: users([1, 2, 3]),
    params: RecordIdParams,
    response: json(z.array(JobTypeUsage)),
  }),
  machineModelCreate: defineRoute({
    method: 'POST',
    path: sp('MachineModel/'),
    summary: 'Create a machine model (multipart: ImageFile and the MachineModel JSON part).',
    access: admin,
    bodyKind: 'multipart',
    body: z.object({ MachineModel: MachineModelInput, ImageFile: z.unknown().optional() }),
    response: json(MachineModel),
  }),
  machineModelChange: defineRoute({
    method: 'PATCH',
    path: sp('MachineModel/'),
    summary: 'Change a machine model (multipart: ImageFile and the MachineModel JSON part).',
    access: admin,
    bodyKind: 'multipart',
    body: z.object({ MachineModel: MachineModelChangeInput, ImageFile: z.unknown().optional() }),
    response: json(MachineModel),
  }),
} as const;

export const machineTypeRoutes = {
  machineTypeList: defineRoute({
    method: 'GET',
    path: sp('MachineType/list'),
    summary: 'Every machine type.',
    access: readers,
    response: json(z.array(MachineType)),
  }),
  machineTypeFiltered: defineRoute({
    method: 'GET',
    path: sp('MachineType/Filtered'),
    summary: 'A page of machine types.',
    access: readers,
    query: PagedQuery,
    response: json(listOf(MachineType)),
  }),
  machineTypeGet: defineRoute({
    method: 'GET',
    path: sp('MachineType/:id'),
    summary: 'One machine type.',
    access: readers,
    params: RecordIdParams,
    response: json(MachineType),
  }),
  machineTypeCreate: defineRoute({
    method: 'POST',
    path: sp('MachineType/'),
    summary: 'Create a machine type.',
    access: admin,
    body: MachineTypeInput,
    response: json(MachineType),
  }),
  machineTypeChange: defineRoute({
    method: 'PATCH',
    path: sp('MachineType/'),
    summary: 'Rename a machine type (by RecordId).',
    access: admin,
    body: MachineTypeChangeInput,
    response: json(MachineType),
  }),
} as const;

export const supplierRoutes = {
  supplierList: defineRoute({
    method: 'GET',
    path: sp('Supplier/list'),
    summary: 'Every supplier.',
    access: readers,
    response: json(z.array(Supplier)),
  }),
  supplierFiltered: defineRoute({
    method: 'GET',
    path: sp('Supplier/Filtered'),
    summary: 'A page of suppliers.',
    access: readers,
    query: PagedQuery,
    response: json(listOf(Supplier)),
  }),
  supplierGet: defineRoute({
    method: 'GET',
    path: sp('Supplier/:id'),
    summary: 'One supplier.',
    access: readers,
    params: RecordIdParams,
    response: json(Supplier),
  }),
  supplierCreate: defineRoute({
    method: 'POST',
    path: sp('Supplier/'),
    summary: 'Create a supplier; refused when the ERP owns suppliers.',
    access: admin,
    body: SupplierInput,
    response: json(Supplier),
  }),
  supplierChange: defineRoute({
    method: 'PATCH',
    path: sp('Supplier/'),
    summary: 'Change a supplier (by RecordId); refused when the ERP owns suppliers.',
    access: admin,
    body: SupplierChangeInput,
    response: json(Supplier),
  }),
} as const;

export const assetTypeRoutes = {
  assetTypeToggleFeature: defineRoute({
    method: 'POST',
    path: sp('AssetType/ToggleFeature'),
    summary: 'Switch the asset types feature on or off.',
    access: admin,
    response: json(FeatureState),
  }),
  assetTypeList: defineRoute({
    method: 'GET',
    path: sp('AssetType/list'),
    summary: 'Every asset type.',
    access: assetReaders,
    response: json(z.array(AssetType)),
  }),
  assetTypeFiltered: defineRoute({
    method: 'GET',
    path: sp('AssetType/Filtered'),
    summary: 'A page of asset types.',
    access: assetReaders,
    query: PagedQuery,
    response: json(listOf(AssetType)),
  }),
  assetTypeGet: defineRoute({
    method: 'GET',
    path: sp('AssetType/:id'),
    summary: 'One asset type.',
    access: assetReaders,
    params: RecordIdParams,
    response: json(AssetType),
  }),
  assetTypeCreate: defineRoute({
    method: 'PUT',
    path: sp('AssetType/'),
    summary: 'Create an asset type.',
    access: assetAdmin,
    body: AssetTypeInput,
    response: json(AssetType),
  }),
  assetTypeChange: defineRoute({
    method: 'PATCH',
    path: sp('AssetType/'),
    summary: 'Change an asset type (by RecordId).',
    access: assetAdmin,
    body: AssetTypeChangeInput,
    response: json(AssetType),
  }),
  assetTypeDelete: defineRoute({
    method: 'DELETE',
    path: sp('AssetType/:id'),
    summary: 'Delete an asset type no machine or model uses.',
    access: assetAdmin,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
