import Box from '@mui/material/Box';
import { Navigate, useParams } from 'react-router';
import { UserAccountPanel } from '../../../components/user-accounts/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';

/** ViewUser (customer/user/:userId): one account; without an id, the accounts list. */
export default function ViewUserPage() {
  const { userId } = useParams();
  if (!userId || !/^\d{1,10}$/.test(userId)) return <Navigate to={pathFor('CustomerAccountsList')} replace />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <UserAccountPanel key={userId} userId={Number(userId)} />
    </Box>
  );
}
