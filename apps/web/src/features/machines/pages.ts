import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

const typePages = () => import('./pages/MachineTypePages.tsx');
const supplierPages = () => import('./pages/SupplierPages.tsx');
const resourcePages = () => import('./pages/PimResourcesPages.tsx');

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them.
 * Tabs without calls behind them yet (failure codes) stay the planned-construction page by not being
 * listed; ViewMachineJobs belongs to jobs, a model's common parts to articles. The resources tabs show the shared documents panel.
 */
export const machinePages: RoutePages = {
  MachineList: lazy(() => import('./pages/MachineListPage.tsx')),
  ViewMachineInfo: lazy(() => import('./pages/MachineInfoPage.tsx')),
  ViewMachineResources: lazy(() => import('./pages/MachineResourcesPage.tsx')),
  ViewMachineLogs: lazy(() => import('./pages/MachineLogsPage.tsx')),
  MachineModelList: lazy(() => import('./pages/MachineModelListPage.tsx')),
  NewMachineModel: lazy(() =>
    import('./pages/MachineModelInfoPage.tsx').then((m) => ({ default: m.NewMachineModelPage })),
  ),
  MachineModelInfo: lazy(() => import('./pages/MachineModelInfoPage.tsx')),
  MachineModelResources: lazy(() => resourcePages().then((m) => ({ default: m.MachineModelResourcesPage }))),
  MachineTypeList: lazy(() => typePages().then((m) => ({ default: m.MachineTypeListPage }))),
  MachineTypeInfo: lazy(() => typePages().then((m) => ({ default: m.MachineTypeInfoPage }))),
  MachineTypeResources: lazy(() => resourcePages().then((m) => ({ default: m.MachineTypeResourcesPage }))),
  MachineTypeModelList: lazy(() => typePages().then((m) => ({ default: m.MachineTypeModelListPage }))),
  MachineTypeMachineList: lazy(() => typePages().then((m) => ({ default: m.MachineTypeMachineListPage }))),
  SupplierList: lazy(() => supplierPages().then((m) => ({ default: m.SupplierListPage }))),
  NewSupplier: lazy(() => supplierPages().then((m) => ({ default: m.NewSupplierPage }))),
  SupplierInfo: lazy(() => supplierPages().then((m) => ({ default: m.SupplierInfoPage }))),
  SupplierResources: lazy(() => resourcePages().then((m) => ({ default: m.SupplierResourcesPage }))),
  SupplierModelList: lazy(() => supplierPages().then((m) => ({ default: m.SupplierModelListPage }))),
  SupplierMachineList: lazy(() => supplierPages().then((m) => ({ default: m.SupplierMachineListPage }))),
  QrCodes: lazy(() => import('./pages/QrCodesPage.tsx')),
};
