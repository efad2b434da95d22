import Add from '@mui/icons-material/Add';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { pathFor } from '../../../lib/routing/access.ts';
import { ModelListView } from '../components/ModelListView.tsx';
import { useCanEditPim } from '../hooks/access.ts';

/** MachineModelList (/pim/machine-models): every machine model, searchable; New for administrators. */
export default function MachineModelListPage() {
  const { t } = useTranslation('pim');
  const canEdit = useCanEditPim();
  const actions = useMemo<HeaderAction[]>(
    () =>
      canEdit
        ? [
            {
              id: 'model-new',
              label: t('models.new'),
              icon: <Add />,
              to: pathFor('NewMachineModel', { modelId: '0' }),
            },
          ]
        : [],
    [canEdit, t],
  );
  useHeaderActions(actions);
  return <ModelListView />;
}
