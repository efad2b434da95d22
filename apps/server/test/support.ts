import type { FastifyInstance } from 'fastify';

export const PASSWORD = 'Demo!2026';
export const form = 'grant_type=client_credentials&scope=ServiceProvider.Administrator';
export const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api2/token',
    headers: { authorization: basic(email, password), 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
  return res;
}

/** Signs in and answers the token pair; fails the test when sign-in fails. */
export async function tokensOf(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await signIn(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every licence on, so partner and customer user types exist. */
export async function allLicences(
  app: FastifyInstance & { services: { settings: { write(g: string, v: object): Promise<void> } } },
) {
  const { LICENCE_KEYS, FEATURE_KEYS } = await import('@fieldport/contract');
  await app.services.settings.write('licences', Object.fromEntries(LICENCE_KEYS.map((k) => [k, true])));
  await app.services.settings.write('features', Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])));
}
