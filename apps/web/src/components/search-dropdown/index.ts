export { useDebouncedValue } from '../../lib/use-debounced-value.ts';
export {
  CustomerDropdown,
  type CustomerDropdownProps,
  customerSecondary,
  fetchCustomerPage,
} from './CustomerDropdown.tsx';
export {
  SearchDropdown,
  type SearchDropdownPage,
  type SearchDropdownPageArgs,
  type SearchDropdownProps,
} from './SearchDropdown.tsx';
