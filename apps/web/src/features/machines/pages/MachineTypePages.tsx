import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { LocalNamesButton } from '../../../components/local-names/LocalNamesButton.tsx';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { rules, useRuleMessage } from '../../../lib/forms/rules.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMachineType, useTypePages } from '../api/pim.ts';
import { useCreateType, useRenameType } from '../api/pim-mutations.ts';
import { MachineListView, TEXT_SEARCH_DEBOUNCE_MS } from '../components/MachineListView.tsx';
import { ModelListView } from '../components/ModelListView.tsx';
import { NameDialog } from '../components/NameDialog.tsx';
import { PageState } from '../components/PageState.tsx';
import { RecordHeading } from '../components/RecordHeading.tsx';
import { RecordRow, RecordRowsHeader } from '../components/RecordRow.tsx';
import { useCanEditPim } from '../hooks/access.ts';
import { useRouteId } from '../hooks/use-route-id.ts';

/** MachineTypeList (/pim/machine-types): every machine type, searchable; New for administrators. */
export function MachineTypeListPage() {
  const { t } = useTranslation('pim');
  const navigate = useNavigate();
  const canEdit = useCanEditPim();
  const createType = useCreateType();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const word = useDebouncedValue(search.trim(), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useTypePages(word);

  const actions = useMemo<HeaderAction[]>(
    () =>
      canEdit
        ? [{ id: 'type-new', label: t('types.new'), icon: <Add />, onClick: () => setCreating(true) }]
        : [],
    [canEdit, t],
  );
  useHeaderActions(actions);

  return (
    <ListLayout
      tools={<SearchField label={t('types.search')} value={search} onChange={setSearch} />}
      count={list.data ? t('types.count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('types.label')}
        emptyText={word ? t('common.noMatches') : t('types.empty')}
        header={<RecordRowsHeader titles={[t('fields.name'), t('fields.modelCount')]} />}
        renderItem={(type) => (
          <RecordRow
            key={type.Id}
            to={pathFor('MachineTypeInfo', { typeId: String(type.Id) })}
            testId={`type-row-${type.Id}`}
            name={type.Name}
            cells={[{ label: t('fields.modelCount'), value: type.ModelCount }]}
          />
        )}
      />
      {creating ? (
        <NameDialog
          title={t('types.newTitle')}
          label={t('fields.name')}
          max={100}
          onClose={() => setCreating(false)}
          onSubmit={async (Name) => {
            const created = await createType.mutateAsync(Name);
            navigate(pathFor('MachineTypeInfo', { typeId: String(created.Id) }));
          }}
        />
      ) : null}
    </ListLayout>
  );
}

/**
 * MachineTypeInfo: the machine type's name (administrators rename it, in their language or in each of
 * the five, decision 089) and how many models it has.
 */
export function MachineTypeInfoPage() {
  const { t } = useTranslation('pim');
  const check = useRuleMessage();
  const id = useRouteId('typeId');
  const type = useMachineType(id);
  const canEdit = useCanEditPim();
  const renameType = useRenameType(id);
  if (!type.data) return <PageState error={type.error ?? (Number.isNaN(id) ? true : undefined)} />;
  const current = type.data;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720 }}>
      <RecordHeading
        name={current.Name}
        details={t('fields.modelCountValue', { count: current.ModelCount })}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CommitField
            version={current.RowVersion}
            name="Name"
            label={t('fields.name')}
            value={current.Name}
            validate={check(rules.text(100, { required: true }))}
            required
            readOnly={!canEdit}
            onCommit={async (Name) => {
              await renameType.mutateAsync({ Name, RowVersion: current.RowVersion });
            }}
          />
          {canEdit ? (
            <LocalNamesButton
              name={current.Name}
              names={current.Names}
              version={current.RowVersion}
              onCommit={(lang, value) =>
                renameType.mutateAsync({ Names: { [lang]: value }, RowVersion: current.RowVersion })
              }
            />
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}

/** MachineTypeModelList: the models of the machine type. */
export function MachineTypeModelListPage() {
  const id = useRouteId('typeId');
  if (Number.isNaN(id)) return <PageState error />;
  return <ModelListView filter={{ MachineTypeId: id }} />;
}

/** MachineTypeMachineList: the machines whose model is of the machine type. */
export function MachineTypeMachineListPage() {
  const id = useRouteId('typeId');
  const [search, setSearch] = useState('');
  if (Number.isNaN(id)) return <PageState error />;
  return <MachineListView filter={{ MachineTypeId: id }} search={search} onSearch={setSearch} />;
}
