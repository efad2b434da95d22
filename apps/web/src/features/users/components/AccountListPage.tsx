import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { UserAccountList } from '../../../components/user-accounts/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';

/**
 * A list page of accounts of some user types; opening one goes to ViewUser. Used by the customer
 * module's accounts list and the admin account cards.
 */
export function AccountListPage(props: { userTypeIds: readonly number[]; showCustomer?: boolean }) {
  const navigate = useNavigate();
  const linkTo = (id: number) => pathFor('ViewUser', { userId: String(id) });
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <UserAccountList
        userTypeIds={props.userTypeIds}
        linkTo={(u) => linkTo(u.Id)}
        showCustomer={props.showCustomer ?? false}
        onCreated={(u) => navigate(linkTo(u.Id))}
      />
    </Box>
  );
}

/** CustomerAccountsList: every customer account (customer managers and employees) with its customer. */
export default function CustomerAccountsListPage() {
  return <AccountListPage userTypeIds={[4, 6]} showCustomer />;
}
