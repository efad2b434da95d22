import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { DocumentsPanel } from '../../../components/documents/index.ts';
import { useMachineType, useModel, useSupplier } from '../api/pim.ts';
import { PageState } from '../components/PageState.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/** A resources tab: the record's name, then its documents. */
function ResourcesLayout(props: {
  record: { Name: string; IsActive?: boolean } | undefined;
  error: unknown;
  id: number;
  children: ReactNode;
}) {
  if (!props.record) return <PageState error={props.error ?? (Number.isNaN(props.id) ? true : undefined)} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <RecordHeading
        name={props.record.Name}
        {...(props.record.IsActive !== undefined ? { active: props.record.IsActive } : {})}
      />
      {props.children}
    </Box>
  );
}

/** MachineModelResources: the model's manuals, drawings and certificates. */
export function MachineModelResourcesPage() {
  const id = useRouteId('modelId');
  const model = useModel(id);
  return (
    <ResourcesLayout record={model.data} error={model.error} id={id}>
      <DocumentsPanel entityClass="MachineModel" entityId={id} />
    </ResourcesLayout>
  );
}

/** MachineTypeResources: documents that hold for every machine of the type. */
export function MachineTypeResourcesPage() {
  const id = useRouteId('typeId');
  const type = useMachineType(id);
  return (
    <ResourcesLayout record={type.data} error={type.error} id={id}>
      <DocumentsPanel entityClass="MachineType" entityId={id} />
    </ResourcesLayout>
  );
}

/** SupplierResources: the supplier's price lists, agreements and catalogues. */
export function SupplierResourcesPage() {
  const id = useRouteId('supplierId');
  const supplier = useSupplier(id);
  return (
    <ResourcesLayout record={supplier.data} error={supplier.error} id={id}>
      <DocumentsPanel entityClass="Supplier" entityId={id} />
    </ResourcesLayout>
  );
}
