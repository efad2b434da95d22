import type { SignInMode } from '../use-sign-in-mode.ts';
import { ContinueForm } from './ContinueForm.tsx';
import { SendOtpForm } from './SendOtpForm.tsx';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import { ValidateOtpForm } from './ValidateOtpForm.tsx';

export interface RecoveryStepProps {
  mode: Exclude<SignInMode, 'login'>;
  email: string;
  /** The verified code (setPassword needs it). */
  code: string | null;
  /** The new password, known until a reload (continue signs in with it). */
  newPassword: string | null;
  onSent: (email: string) => void;
  onValid: (code: string) => void;
  onResend: () => void;
  onChanged: (password: string) => void;
  onSignedIn: () => void;
  onCancel: (email?: string) => void;
}

/**
 * The forgotten-password step of the mode (001 §4): sendOtp → validateOtp → setPassword → continue.
 * One lazy chunk for all four, so only the first step shown waits for code.
 */
export default function RecoveryStep(p: RecoveryStepProps) {
  switch (p.mode) {
    case 'sendOtp':
      return <SendOtpForm key={p.email} email={p.email} onSent={p.onSent} onCancel={p.onCancel} />;
    case 'validateOtp':
      return (
        <ValidateOtpForm
          key={p.email}
          email={p.email}
          onValid={p.onValid}
          onResend={p.onResend}
          onCancel={() => p.onCancel()}
        />
      );
    case 'setPassword':
      return p.code ? (
        <SetPasswordForm
          email={p.email}
          code={p.code}
          onChanged={p.onChanged}
          onCancel={() => p.onCancel()}
        />
      ) : null;
    case 'continue':
      return (
        <ContinueForm
          email={p.email}
          newPassword={p.newPassword}
          onSignedIn={p.onSignedIn}
          onCancel={() => p.onCancel()}
        />
      );
  }
}
