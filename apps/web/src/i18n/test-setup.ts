// Unit tests render synchronously what the app fetches before it is needed: every translation namespace
// (the signed-in app loads them before its first render, a page's own with the page; only the sign-in
// page's are bundled) and the
// snackbar stack (loaded at the first interaction or notice).
import { loadSnackbarStack } from '../components/feedback/FeedbackProvider.tsx';
import { loadAllNamespaces, loadNamespaces, PAGE_NAMESPACES } from './index.ts';

await Promise.all([loadAllNamespaces(), loadNamespaces([...PAGE_NAMESPACES]), loadSnackbarStack()]);
