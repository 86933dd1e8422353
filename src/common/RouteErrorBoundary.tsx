import { Component, type ReactNode } from "react";
import { ErrorMessage } from "./ErrorMessage";
import { Alert } from "../ui/Alert";

/** A failed query or screen shows its localized error in place, not a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <Alert variant="danger" testId="route-error">
          <ErrorMessage error={this.state.error} />
        </Alert>
      );
    }
    return this.props.children;
  }
}
