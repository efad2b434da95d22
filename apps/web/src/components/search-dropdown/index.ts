export { CustomerDropdown } from './CustomerDropdown.tsx';
export {
  SearchDropdown,
  type SearchDropdownPageArgs,
} from './SearchDropdown.tsx';
