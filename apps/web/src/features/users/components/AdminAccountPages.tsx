import { AccountListPage } from './AccountListPage.tsx';

/** The admin account cards (001 §2.4): one list per user type, customer accounts with their customer. */
export const AdminAdminsPage = () => <AccountListPage userTypeIds={[1]} />;
export const AdminTechniciansPage = () => <AccountListPage userTypeIds={[2]} />;
export const AdminSubContractorsPage = () => <AccountListPage userTypeIds={[3]} />;
export const AdminPartnersPage = () => <AccountListPage userTypeIds={[5]} />;
export const AdminCustomerAccountsPage = () => <AccountListPage userTypeIds={[4, 6]} showCustomer />;
