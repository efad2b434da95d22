import { TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import {
  type HeaderAction,
  useHeaderActions,
  usePageTitle,
} from '../../../components/shell/shell-context.tsx';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import {
  useChangeProject,
  useCreateProject,
  useDeleteProject,
  useProject,
  useProjectList,
} from '../api/projects.ts';
import { ProjectForm } from './ProjectForm.tsx';

/** ProjectList (/admin/projects, ProjectsEnabled): the projects searched, each to its info; New opens a dialog. */
export function ProjectListPage() {
  const { t } = useTranslation(['org', 'common']);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const word = useDebouncedValue(effectiveSearch(text), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useProjectList(word);
  const [creating, setCreating] = useState(false);
  const create = useCreateProject();
  const actions = useMemo<HeaderAction[]>(
    () => [{ id: 'new-project', label: t('projects.new'), icon: <Add />, onClick: () => setCreating(true) }],
    [t],
  );
  useHeaderActions(actions);
  return (
    <>
      <ListLayout
        tools={<SearchField label={t('projects.search')} value={text} onChange={setText} />}
        count={list.isPending ? null : t('projects.count', { count: list.total })}
      >
        <PagedList
          list={list}
          label={t('projects.title')}
          emptyText={t('projects.empty')}
          renderItem={(p) => (
            <ListItemButton
              divider
              component={Link}
              to={pathFor('ProjectInfo', { projectId: String(p.Id) })}
              data-testid={`project-row-${p.Id}`}
              sx={p.IsActive ? undefined : INACTIVE_ROW}
            >
              <ListItemText
                primary={p.Name}
                secondary={[
                  p.Description,
                  t('projects.jobs', { count: p.JobCount }),
                  p.IsActive ? null : t('projects.inactive'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          )}
        />
      </ListLayout>
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="new-project-title"
      >
        <DialogTitle id="new-project-title">{t('projects.new')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <ProjectForm
            initial={{ Name: '', Description: '', IsActive: true }}
            submitLabel={t('common:save')}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const created = await create.mutateAsync(values);
              setCreating(false);
              navigate(pathFor('ProjectInfo', { projectId: String(created.Id) }));
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** ProjectInfo (/admin/projects/:projectId/info): the project's fields saved with its row version; delete. */
export function ProjectInfoPage() {
  const { t } = useTranslation(['org', 'common']);
  const id = Number(useParams().projectId);
  const project = useProject(id);
  const change = useChangeProject();
  const remove = useDeleteProject();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(project.data?.Name ?? null);
  const p = project.data;
  const removeProject = remove.mutateAsync;
  const target = p ? { Id: p.Id, Name: p.Name } : null;
  const targetId = target?.Id;
  const targetName = target?.Name;
  // Built from the record's id and name only: the header's state is the shell's, and a new list on
  // every render would set it again and again.
  const actions = useMemo<HeaderAction[]>(
    () =>
      targetId === undefined || targetName === undefined
        ? []
        : [
            {
              id: 'delete-project',
              label: t('projects.delete'),
              icon: <DeleteOutline />,
              onClick: async () => {
                const ok = await confirm({
                  title: t('projects.deleteTitle'),
                  message: t('projects.deleteMessage', { name: targetName }),
                });
                if (!ok) return;
                try {
                  await removeProject(targetId);
                  navigate(pathFor('ProjectList'));
                } catch (err) {
                  setProblem(apiMessage(err) ?? t('common:saveFailed'));
                }
              },
            },
          ],
    [targetId, targetName, t, confirm, removeProject, navigate],
  );
  useHeaderActions(actions);
  if (project.isError)
    return <Alert severity="error">{apiMessage(project.error) ?? t('projects.failed')}</Alert>;
  if (!p) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('projects.jobs', { count: p.JobCount })}
      </Typography>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2, maxWidth: 560 }}>
          {problem}
        </Alert>
      )}
      <ProjectForm
        key={p.RowVersion}
        initial={{ Name: p.Name, Description: p.Description, IsActive: p.IsActive }}
        submitLabel={t('common:save')}
        onSubmit={(values) => change.mutateAsync({ Id: p.Id, ...values, RowVersion: p.RowVersion })}
      />
    </Box>
  );
}
