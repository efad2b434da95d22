import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';

/**
 * A part of the shell whose code loads when first needed (a badge, a menu, a tooltip). Until it has
 * loaded, and for good when its code cannot be fetched (the server restarting, the network gone), it
 * shows its stand-in: a shell ornament never takes the whole page down with "A new version is
 * available", which would also stop the live connection that reloads the page once the server is back.
 */
export function ShellPart({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Unavailable fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Unavailable>
  );
}

class Unavailable extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
