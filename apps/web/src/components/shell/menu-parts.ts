// The chunk LazyMenu loads: the menu and its items, neither needed before a menu first opens.
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
