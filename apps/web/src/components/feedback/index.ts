export type { ConfirmFn, SnackbarApi } from './context.ts';
export { useConfirm, useSnackbar } from './context.ts';
export { FeedbackProvider } from './FeedbackProvider.tsx';
export { FirstTimeMessage } from './FirstTimeMessage.tsx';
export { PreloadScreen } from './PreloadScreen.tsx';
export { useCreatedNotice, useUnshownFailure } from './use-notices.ts';
