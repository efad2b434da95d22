import Add from '@mui/icons-material/Add';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { pathFor } from '../../../lib/routing/access.ts';
import { MachineCreateDialog } from '../components/MachineCreateDialog.tsx';
import { MachineListView } from '../components/MachineListView.tsx';
import { useCanEditMachines } from '../hooks/access.ts';

/** The address query of the machine list's search (001 §2.3). */
const ML_FILTER_KEYWORD = 'ML-filter-keyword';

/**
 * MachineList (/pim/machine-list, query ML-filter-keyword): every machine the user may see, searchable,
 * 50 at a time; New (per the Machine.Edit permission) opens the create form. `?new=1&customerId=…`
 * opens the form for that customer, so other pages can link to it.
 */
export default function MachineListPage() {
  const { t } = useTranslation('machines');
  const navigate = useNavigate();
  const canEdit = useCanEditMachines();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get(ML_FILTER_KEYWORD) ?? '');
  const presetCustomer = Number(params.get('customerId'));
  const [createOpen, setCreateOpen] = useState(() => params.get('new') === '1');

  const onSearch = useCallback(
    (text: string) => {
      setSearch(text);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set(ML_FILTER_KEYWORD, text);
          else next.delete(ML_FILTER_KEYWORD);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const actions = useMemo<HeaderAction[]>(
    () =>
      canEdit
        ? [{ id: 'machine-new', label: t('list.new'), icon: <Add />, onClick: () => setCreateOpen(true) }]
        : [],
    [canEdit, t],
  );
  useHeaderActions(actions);

  const closeCreate = () => {
    setCreateOpen(false);
    if (params.has('new') || params.has('customerId'))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('new');
          next.delete('customerId');
          return next;
        },
        { replace: true },
      );
  };

  return (
    <>
      <MachineListView search={search} onSearch={onSearch} />
      {createOpen && canEdit ? (
        <MachineCreateDialog
          open
          onClose={closeCreate}
          customerId={Number.isInteger(presetCustomer) && presetCustomer > 0 ? presetCustomer : null}
          onCreated={(m) => navigate(pathFor('ViewMachineInfo', { machineId: String(m.Id) }))}
        />
      ) : null}
    </>
  );
}
