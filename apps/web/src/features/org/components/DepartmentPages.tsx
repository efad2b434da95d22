import { STAFF, TEXT_SEARCH_DEBOUNCE_MS, type UserAccount } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
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
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import {
  type HeaderAction,
  useHeaderActions,
  usePageTitle,
} from '../../../components/shell/shell-context.tsx';
import { UserAccountsSplit } from '../../../components/user-accounts/index.ts';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import {
  useChangeDepartment,
  useCreateDepartment,
  useDepartment,
  useDepartmentList,
} from '../api/departments.ts';
import { DepartmentForm } from './DepartmentForm.tsx';

/** The department id of the address, if it is a valid one. */
function useDepartmentId(): number {
  const { departmentId } = useParams();
  return departmentId && /^\d{1,9}$/.test(departmentId) ? Number(departmentId) : Number.NaN;
}

/**
 * DepartmentList (/admin/departments): the departments searched by name or id, each to its info with
 * its id, users and active state; New opens a dialog.
 */
export function DepartmentListPage() {
  const { t } = useTranslation(['org', 'common']);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const word = useDebouncedValue(effectiveSearch(text), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useDepartmentList(word);
  const [creating, setCreating] = useState(false);
  const create = useCreateDepartment();
  const actions = useMemo<HeaderAction[]>(
    () => [
      { id: 'new-department', label: t('departments.new'), icon: <Add />, onClick: () => setCreating(true) },
    ],
    [t],
  );
  useHeaderActions(actions);
  return (
    <>
      <ListLayout
        tools={<SearchField label={t('departments.search')} value={text} onChange={setText} />}
        count={list.isPending ? null : t('departments.count', { count: list.total })}
      >
        <PagedList
          list={list}
          label={t('departments.title')}
          emptyText={word ? t('departments.noMatch') : t('departments.empty')}
          renderItem={(d) => (
            <ListItemButton
              divider
              component={Link}
              to={pathFor('DepartmentInfo', { departmentId: String(d.Id) })}
              data-testid={`department-row-${d.Id}`}
              sx={d.IsActive ? undefined : INACTIVE_ROW}
            >
              <ListItemText
                primary={d.Name}
                secondary={[
                  t('departments.idOf', { id: d.Id }),
                  t('departments.users', { count: d.UserCount }),
                  d.IsActive ? null : t('departments.inactive'),
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
        aria-labelledby="new-department-title"
      >
        <DialogTitle id="new-department-title">{t('departments.new')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <DepartmentForm
            initial={{ Id: '', Name: '', IsActive: true }}
            idEditable
            submitLabel={t('common:save')}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const created = await create.mutateAsync({
                ...(values.Id ? { Id: Number(values.Id) } : {}),
                Name: values.Name,
                IsActive: values.IsActive,
              });
              setCreating(false);
              navigate(pathFor('DepartmentInfo', { departmentId: String(created.Id) }));
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The department of the address, its name as the page's title; a problem instead when it is not found. */
function useShownDepartment() {
  const id = useDepartmentId();
  const department = useDepartment(id);
  usePageTitle(department.data?.Name ?? null);
  return { id, department };
}

/** DepartmentInfo (/admin/departments/:departmentId/info): name and active state saved with the row version. */
export function DepartmentInfoPage() {
  const { t } = useTranslation(['org', 'common']);
  const { id, department } = useShownDepartment();
  const change = useChangeDepartment();
  if (Number.isNaN(id) || department.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {apiMessage(department.error) ?? t('departments.failed')}
      </Alert>
    );
  const d = department.data;
  if (!d) return null;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Link to={pathFor('DepartmentUsers', { departmentId: String(d.Id) })}>
          {t('departments.users', { count: d.UserCount })}
        </Link>
      </Typography>
      <DepartmentForm
        key={d.RowVersion}
        initial={{ Id: String(d.Id), Name: d.Name, IsActive: d.IsActive }}
        idEditable={false}
        submitLabel={t('common:save')}
        onSubmit={(values) =>
          change.mutateAsync({
            Id: d.Id,
            Name: values.Name,
            IsActive: values.IsActive,
            RowVersion: d.RowVersion,
          })
        }
      />
    </Box>
  );
}

/** The staff user types, the ones that belong to departments. */
const STAFF_TYPES = [...STAFF];

/**
 * DepartmentUsers (/admin/departments/:departmentId/users/:userId?): the department's staff accounts
 * beside the chosen one (below it on a phone); a new account made here joins the department.
 */
export function DepartmentUsersPage() {
  const { id } = useShownDepartment();
  const linkTo = (u: UserAccount) =>
    pathFor('DepartmentUsers', { departmentId: String(id), userId: String(u.Id) });
  if (Number.isNaN(id)) return null;
  return <UserAccountsSplit userTypeIds={STAFF_TYPES} departmentId={id} linkTo={linkTo} />;
}
