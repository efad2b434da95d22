import type { UserAccount } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { UserAccountList } from './UserAccountList.tsx';
import { UserAccountPanel } from './UserAccountPanel.tsx';

/** The chosen account of the address (…/users/:userId), if it is a valid id. */
function useSelectedUser(): number | undefined {
  const { userId } = useParams();
  return userId && /^\d{1,10}$/.test(userId) ? Number(userId) : undefined;
}

/**
 * A list of accounts beside the chosen one (users/:userId); on a phone the chosen account shows below
 * the list. The customer's, the partner's and the department's account pages.
 */
export function UserAccountsSplit(props: {
  userTypeIds: readonly number[];
  customerId?: number;
  partnerCompanyId?: number;
  departmentId?: number;
  linkTo(user: UserAccount): string;
}) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const selected = useSelectedUser();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 2fr) 3fr' },
        gridTemplateRows: { xs: 'minmax(320px, auto) auto', md: '1fr' },
        flex: 1,
        minHeight: 0,
        height: '100%',
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
          userTypeIds={props.userTypeIds}
          {...(props.customerId ? { customerId: props.customerId } : {})}
          {...(props.partnerCompanyId ? { partnerCompanyId: props.partnerCompanyId } : {})}
          {...(props.departmentId ? { departmentId: props.departmentId } : {})}
          linkTo={props.linkTo}
          {...(selected ? { selectedId: selected } : {})}
          onCreated={(u) => navigate(props.linkTo(u))}
        />
      </Box>
      {selected ? (
        <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto' }}>
          <UserAccountPanel key={selected} userId={selected} />
        </Box>
      ) : (
        // Not a scrolling box: on a short phone screen it would scroll with nothing in it to focus.
        <Typography color="text.secondary" sx={{ p: { xs: 2, sm: 3 } }}>
          {t('choose_user')}
        </Typography>
      )}
    </Box>
  );
}
