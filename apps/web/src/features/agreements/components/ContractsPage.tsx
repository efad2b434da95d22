import { useParams } from 'react-router';
import { ContractList } from './ContractList.tsx';

/** Contracts (/agreements/contracts/:contractTypeId): the contracts of a type, our own page for them. */
export function ContractsPage() {
  const typeId = useParams().contractTypeId ?? '';
  return <ContractList key={typeId} filter={/^\d+$/.test(typeId) ? { ContractTypeId: typeId } : {}} />;
}

/** ViewCustomerContractDetails (/customer/:customerId/contract-details): the customer's contracts. */
export function CustomerContractsPage() {
  const customerId = useParams().customerId ?? '';
  return <ContractList key={customerId} filter={{ CustomerId: customerId }} />;
}
