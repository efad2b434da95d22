import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { UserAccountList, UserAccountPanel } from '../../../components/user-accounts/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { CustomerFrame } from './CustomerFrame.tsx';

const CUSTOMER_ACCOUNT_TYPES = [4, 6] as const;

/**
 * ViewCustomerUsers (customer portal licence): the customer's accounts beside the chosen one
 * (users/:userId); on a phone the chosen account shows below the list.
 */
export default function CustomerUsersPage() {
  return <CustomerFrame>{(customer) => <CustomerUsers customerId={customer.Id} />}</CustomerFrame>;
}

function CustomerUsers({ customerId }: { customerId: number }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { userId } = useParams();
  const selected = userId && /^\d{1,10}$/.test(userId) ? Number(userId) : undefined;
  const linkTo = (id: number) =>
    pathFor('ViewCustomerUsers', { customerId: String(customerId), userId: String(id) });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 2fr) 3fr' },
        gridTemplateRows: { xs: 'minmax(320px, auto) auto', md: '1fr' },
        flex: 1,
        minHeight: 0,
      }}
    >
      <Box
        sx={{
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
        }}
      >
        <UserAccountList
          userTypeIds={CUSTOMER_ACCOUNT_TYPES}
          customerId={customerId}
          linkTo={(u) => linkTo(u.Id)}
          {...(selected ? { selectedId: selected } : {})}
          onCreated={(u) => navigate(linkTo(u.Id))}
        />
      </Box>
      <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto' }}>
        {selected ? (
          <UserAccountPanel key={selected} userId={selected} />
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('choose_user')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
