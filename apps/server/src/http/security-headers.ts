import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** What helmet sets on every answer: the content security policy and its companions. */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI's emotion injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  // No page of ours may be framed, by others or by itself (the web app shows previews from Blobs
  // in img and pre elements, never in a frame), and no base element may move relative URLs.
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  frameSrc: ["'none'"],
  upgradeInsecureRequests: null,
} as const;

/**
 * Helmet's headers for a policy, worked out once: helmet's middleware runs against a recording
 * response at start-up. @fastify/helmet builds the middleware again on every request (parsing the
 * policy each time: 3–4 % of a short read's CPU), and the headers never change.
 */
function recordHelmet(policyDirectives: Record<string, readonly string[] | null>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({ contentSecurityPolicy: { directives: policyDirectives } })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

/** The headers every answer carries (base-uri 'none': no base element anywhere). */
export function securityHeaders(): Record<string, string> {
  return recordHelmet(directives);
}

/**
 * The content security policy of the web app's index page: the same, except that the page's own
 * <base href="{BASE_PATH}">, which the server writes into it, is allowed (base-uri 'self'); without it
 * the relative asset URLs and the router's base path break below the first level.
 */
export function webPagePolicy(): string {
  const policy = recordHelmet({ ...directives, baseUri: ["'self'"] })['content-security-policy'];
  if (!policy) throw new Error('helmet set no content security policy');
  return policy;
}

/** Every answer, API, documents and web app alike, carries the security headers. */
export function installSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  // helmet also removes X-Powered-By, which Fastify never sets.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
