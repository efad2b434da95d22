export { DocumentsPanel } from './DocumentsPanel.tsx';
