import { Component, type ReactNode } from 'react';

/** A pane that throws while rendering shows what broke instead of a blank window; the rest keeps working. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: Error | null; key?: string }
> {
  state: { error: Error | null; key?: string } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: Error | null; key?: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="empty" role="alert" data-testid="pane-crashed">
        <h2>This pane stopped working</h2>
        <p>
          <code>{this.state.error.message}</code>
        </p>
        <p>Your saved personas and sessions are safe. Switch tabs or reload to try again.</p>
        <div className="actions">
          <button onClick={() => location.reload()}>Reload</button>
        </div>
      </div>
    );
  }
}
