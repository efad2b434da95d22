export { FormDialog } from './FormDialog.tsx';
