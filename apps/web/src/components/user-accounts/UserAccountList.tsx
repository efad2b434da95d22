import type { UserAccount } from '@fieldport/contract';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../paged-list/index.ts';
import { useUserPages } from './api.ts';
import { NewUserDialog } from './NewUserDialog.tsx';
import { UserRow } from './UserRow.tsx';
import { useAccountRights } from './use-account-rights.ts';

/** Text search debounce (002 §9: 400 ms). */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * A searchable list of accounts of the given user types (User/Filtered), optionally of one customer;
 * inactive accounts greyed. The New user button shows when the user may create one of those types.
 */
export function UserAccountList(props: {
  userTypeIds: readonly number[];
  customerId?: number;
  /** The accounts of one partner company; new accounts belong to it. */
  partnerCompanyId?: number;
  /** The staff accounts of one department; new accounts join it. */
  departmentId?: number;
  linkTo(user: UserAccount): string;
  selectedId?: number;
  showCustomer?: boolean;
  onCreated?(user: UserAccount): void;
}) {
  const { t } = useTranslation('users');
  const rights = useAccountRights();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const word = useDebouncedValue(effectiveSearch(search), SEARCH_DEBOUNCE_MS);
  const list = useUserPages({
    UserTypeIds: props.userTypeIds,
    ...(props.customerId ? { CustomerId: props.customerId } : {}),
    ...(props.partnerCompanyId ? { PartnerCompanyId: props.partnerCompanyId } : {}),
    ...(props.departmentId ? { DepartmentId: props.departmentId } : {}),
    ...(word ? { SearchWord: word } : {}),
  });
  const creatable = rights.creatableTypes(props.userTypeIds);
  return (
    <ListLayout
      tools={
        <>
          <SearchField label={t('search')} value={search} onChange={setSearch} />
          {creatable.length > 0 ? (
            <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setCreating(true)}>
              {t('new_user')}
            </Button>
          ) : null}
        </>
      }
      count={list.data ? t('count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('accounts')}
        emptyText={word ? t('no_match') : t('none')}
        renderItem={(u) => (
          <UserRow
            key={u.Id}
            user={u}
            to={props.linkTo(u)}
            selected={u.Id === props.selectedId}
            showCustomer={props.showCustomer ?? false}
          />
        )}
        testId="user-list"
      />
      {creating ? (
        <NewUserDialog
          userTypeIds={creatable}
          {...(props.customerId ? { customerId: props.customerId } : {})}
          {...(props.partnerCompanyId ? { partnerCompanyId: props.partnerCompanyId } : {})}
          {...(props.departmentId ? { departmentId: props.departmentId } : {})}
          onClose={() => setCreating(false)}
          onCreated={(user) => {
            setCreating(false);
            props.onCreated?.(user);
          }}
        />
      ) : null}
    </ListLayout>
  );
}
