import { UserAccountsSplit } from '../../../components/user-accounts/index.ts';
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
  return (
    <UserAccountsSplit
      userTypeIds={CUSTOMER_ACCOUNT_TYPES}
      customerId={customerId}
      linkTo={(u) => pathFor('ViewCustomerUsers', { customerId: String(customerId), userId: String(u.Id) })}
    />
  );
}
