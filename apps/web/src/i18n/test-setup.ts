// Unit tests render synchronously what the app fetches before it is needed: every translation namespace
// (the signed-in app loads them before its first render; only the sign-in page's are bundled) and the
// snackbar stack (loaded at the first interaction or notice).
import { loadSnackbarStack } from '../components/feedback/FeedbackProvider.tsx';
import { loadAllNamespaces } from './index.ts';

await Promise.all([loadAllNamespaces(), loadSnackbarStack()]);
