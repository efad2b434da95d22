// Unit tests render synchronously what the app fetches before it is needed: every translation namespace
// (the signed-in app loads the shell's before its first render, a page its own before it renders; only
// the sign-in page's are bundled) and the
// snackbar stack (loaded at the first interaction or notice).
import { loadSnackbarStack } from '../components/feedback/FeedbackProvider.tsx';
import { ALL_NAMESPACES, loadNamespaces } from './index.ts';

await Promise.all([loadNamespaces(ALL_NAMESPACES), loadSnackbarStack()]);
