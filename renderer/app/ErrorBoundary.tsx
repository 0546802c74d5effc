import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Text } from '@fluentui/react-components';

interface State {
  failed: boolean;
}

/**
 * A screen that throws while rendering shows this instead of a white window. React offers error
 * boundaries only as class components. No stack trace reaches the user (style.md: errors have one
 * shape); the console keeps it for whoever debugs.
 */
interface Props {
  children: ReactNode;
  resetKey?: string;
  /** shown instead of 'Something went wrong' while the caller knows a better word (the offline screen's, say) */
  fallback?: ReactNode;
  onError?: (error: Error) => void;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
    this.props.onError?.(error);
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    // Moving to another route gives the new screen a fresh chance.
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback;
    return (
      <div role="alert" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, padding: 64, textAlign: 'center' }}>
        <Text as="h1" size={600} weight="semibold">Something went wrong</Text>
        <Text>This screen could not be shown. Reloading usually helps; your session is kept.</Text>
        <Button appearance="primary" onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
