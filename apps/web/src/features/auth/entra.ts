/**
 * Microsoft (Entra ID) sign-in: an identity token from Microsoft's popup, exchanged for our tokens at
 * GET /api2/token/EntraId/ServiceProvider.WebSite/ (001 §2.1, 002 §7.1).
 *
 * This build has no Entra ID application registered, so there is no popup to open. The button still asks
 * the server, which is the authority on whether Microsoft sign-in is configured and answers with a message
 * the page shows. Registering an application replaces this function with the popup flow.
 */
const NO_IDENTITY_TOKEN = 'no-identity-provider-configured';

export async function acquireEntraIdToken(): Promise<string> {
  return NO_IDENTITY_TOKEN;
}
