/**
 * The sign-in page's chunk (forms, side panel, fields). Not part of the first download, so a stored
 * session does not fetch it; main.tsx starts it with the entry when there is no stored session, and
 * RootLayout renders it lazily (decision 012).
 */
export const loadSignInPage = () => import('./SignInPage.tsx');
