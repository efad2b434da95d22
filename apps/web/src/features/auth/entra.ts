/**
 * Microsoft (Entra ID) sign-in: an identity token from Microsoft's popup, exchanged for our tokens at
 * GET /api2/token/EntraId/ServiceProvider.WebSite/ (001 §2.1, 002 §7.1), which verifies it.
 *
 * The server tells the sign-in page which application and tenant to use (GET /api2/app/portal, EntraId;
 * null while Microsoft sign-in is not configured, and then the page offers no Microsoft button). MSAL is
 * loaded only when the button is pressed, so the sign-in page's first JavaScript does not carry it.
 */
export interface EntraClient {
  ClientId: string;
  /** https://login.microsoftonline.com/<tenant id> */
  Authority: string;
}

/** Refused or closed popup: the page shows nothing more than the button again. */
class EntraCancelled extends Error {
  override name = 'EntraCancelled';
}

export async function acquireEntraIdToken(client: EntraClient): Promise<string> {
  const { PublicClientApplication, BrowserAuthError } = await import('@azure/msal-browser');
  const app = new PublicClientApplication({
    auth: {
      clientId: client.ClientId,
      authority: client.Authority,
      // The popup comes back to the page it was opened from; MSAL reads its answer there.
      redirectUri: `${window.location.origin}${window.location.pathname}`,
    },
    cache: { cacheLocation: 'sessionStorage' },
  });
  await app.initialize();
  try {
    const result = await app.loginPopup({ scopes: ['openid', 'profile'], prompt: 'select_account' });
    return result.idToken;
  } catch (err) {
    if (err instanceof BrowserAuthError && /cancel|closed/i.test(err.errorCode)) throw new EntraCancelled();
    throw err;
  }
}
