import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentsPanel } from '../../../components/documents/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useMachine } from '../api/machines.ts';
import { useModel } from '../api/pim.ts';
import { PageState } from '../components/PageState.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { StoredImage } from '../components/StoredImage.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/**
 * ViewMachineResources (machineId, optional documentId): the machine's documents, the chosen one kept in
 * the route, and its model's image.
 */
export default function MachineResourcesPage() {
  const { t } = useTranslation('machines');
  const navigate = useNavigate();
  const id = useRouteId('machineId');
  const documentId = useRouteId('documentId');
  const machine = useMachine(id);
  const modelId = machine.data?.MachineModelId ?? Number.NaN;
  const model = useModel(modelId);
  if (!machine.data) return <PageState error={machine.error ?? (Number.isNaN(id) ? true : undefined)} />;
  const select = (docId: number | null) =>
    navigate(
      pathFor('ViewMachineResources', {
        machineId: String(id),
        ...(docId ? { documentId: String(docId) } : {}),
      }),
      { replace: true },
    );
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <RecordHeading name={machine.data.Name} active={machine.data.IsActive} />
      <DocumentsPanel
        entityClass="Machine"
        entityId={id}
        selectedId={Number.isNaN(documentId) ? null : documentId}
        onSelect={select}
      />
      <Paper
        variant="outlined"
        sx={{ p: 2, mt: 2 }}
        component="section"
        aria-labelledby="machine-model-image"
      >
        <Typography variant="subtitle1" component="h3" id="machine-model-image" sx={{ mb: 1.5 }}>
          {machine.data.MachineModel
            ? t('resources.modelImage', { model: machine.data.MachineModel.Name })
            : t('resources.noModel')}
        </Typography>
        {machine.data.MachineModel ? (
          model.isPending ? (
            <PageState />
          ) : (
            <StoredImage
              path={model.data?.ImagePath}
              alt={t('resources.modelImage', { model: machine.data.MachineModel.Name })}
            />
          )
        ) : null}
      </Paper>
    </Box>
  );
}
