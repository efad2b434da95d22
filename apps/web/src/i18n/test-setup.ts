// Unit tests render synchronously what the app fetches before it is needed: every translation namespace
// (the signed-in app loads the shell's before its first render, a page its own before it renders; only
// the sign-in page's are bundled) and the
// snackbar stack (loaded at the first interaction or notice), and the calls of the pages after the first
// (loaded after the first page: decision 077).
import { configure } from '@testing-library/react';
import { loadSnackbarStack } from '../components/feedback/FeedbackProvider.tsx';
import { preloadLaterCalls } from '../lib/api/client.ts';
import { ALL_NAMESPACES, loadNamespaces } from './index.ts';

await Promise.all([loadNamespaces(ALL_NAMESPACES), loadSnackbarStack(), preloadLaterCalls()]);

// What a test waits for (findBy…, waitFor) may take seconds on a busy 2-core machine: wait up to
// 15 s rather than testing-library's 1 s (a timing no test should depend on).
configure({ asyncUtilTimeout: 15_000 });
