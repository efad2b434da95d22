import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The sign-in page's form modes (001 §2.1); none means the login form. */
export const SIGN_IN_MODES = ['sendOtp', 'validateOtp', 'setPassword', 'continue'] as const;
export type SignInMode = 'login' | (typeof SIGN_IN_MODES)[number];

export const MODE_PARAM = 'pwm';
export const EMAIL_PARAM = 'email';

const isMode = (v: string | null): v is (typeof SIGN_IN_MODES)[number] =>
  (SIGN_IN_MODES as readonly string[]).includes(v ?? '');

/** Mode and e-mail live in the query (pwm, email); other query parameters of the page are kept. */
export function useSignInMode() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(MODE_PARAM);
  const mode: SignInMode = isMode(raw) ? raw : 'login';
  const email = params.get(EMAIL_PARAM) ?? '';

  const go = useCallback(
    (next: SignInMode, nextEmail?: string, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === 'login') p.delete(MODE_PARAM);
          else p.set(MODE_PARAM, next);
          const mail = (nextEmail ?? p.get(EMAIL_PARAM) ?? '').trim();
          if (mail) p.set(EMAIL_PARAM, mail);
          else p.delete(EMAIL_PARAM);
          return p;
        },
        { replace: opts.replace },
      );
    },
    [setParams],
  );

  /** After sign-in the page the user asked for stays, without the sign-in parameters. */
  const clear = useCallback(() => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete(MODE_PARAM);
        p.delete(EMAIL_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [setParams]);

  return { mode, email, go, clear };
}
