import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they threw: `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Called before a retry (a query's error reset, say). */
  onReset?: () => void;
  children: ReactNode;
}

/**
 * Catches what its children throw while rendering (a failed suspense query), so that one part of
 * a screen failing never blanks the rest; its fallback offers to try again.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
