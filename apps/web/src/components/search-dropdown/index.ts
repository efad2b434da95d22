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
export { useDebouncedValue } from './useDebouncedValue.ts';
