import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMachine } from '../api/machines.ts';
import { useModel } from '../api/pim.ts';
import { PageState } from '../components/PageState.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { StoredImage } from '../components/StoredImage.tsx';
import { useRouteId } from '../hooks/useRouteId.ts';

/**
 * ViewMachineResources: what the API holds for the machine so far, its model's image. Documents come
 * with the document calls (002 §7.9).
 */
export default function MachineResourcesPage() {
  const { t } = useTranslation('machines');
  const id = useRouteId('machineId');
  const machine = useMachine(id);
  const modelId = machine.data?.MachineModelId ?? Number.NaN;
  const model = useModel(modelId);
  if (!machine.data) return <PageState error={machine.error} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <RecordHeading name={machine.data.Name} active={machine.data.IsActive} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="machine-model-image">
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('resources.documentsLater')}
        </Typography>
      </Paper>
    </Box>
  );
}
