import { Component, type ReactNode } from "react";
import { ErrorMessage } from "./ErrorMessage";
import { Alert } from "../ui/Alert";

/**
 * A failed query or screen shows its localized error in place, not a blank page. A new
 * `resetKey` (the next page) tries again; `around` frames the error (a layout keeps its chrome).
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; around?: (content: ReactNode) => ReactNode },
  { error: unknown }
> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }
  render() {
    if (this.state.error) {
      const alert = (
        <Alert variant="danger" testId="route-error">
          <ErrorMessage error={this.state.error} />
        </Alert>
      );
      return this.props.around ? this.props.around(alert) : alert;
    }
    return this.props.children;
  }
}
