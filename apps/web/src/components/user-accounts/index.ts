export { UserAccountList } from './UserAccountList.tsx';
export { UserAccountPanel } from './UserAccountPanel.tsx';
export { UserAccountsSplit } from './UserAccountsSplit.tsx';
