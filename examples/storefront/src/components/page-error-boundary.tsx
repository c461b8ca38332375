import { Component, type ErrorInfo, type ReactNode } from 'react';
import { pageFailureMessage } from '../lib/api-errors';
import { ErrorScreen } from './error-screen';

interface Props {
  children: ReactNode;
  /** Crawlers get the error reported, never the fatal screen (docs/spec.md §8). */
  crawler: boolean;
  /** Development only: the stack trace goes below the error card. */
  showStack: boolean;
}

interface State {
  error: Error | null;
}

/** Replaces a page that throws while rendering with the 500 error screen. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page render failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.crawler) return null;
    return (
      <ErrorScreen
        error={{
          statusCode: 500,
          // The exception's own text is for developers; a shopper gets Japanese prose or nothing.
          message: this.props.showStack ? error.message : pageFailureMessage(error),
          ...(this.props.showStack && error.stack ? { stack: error.stack } : {}),
        }}
      />
    );
  }
}
