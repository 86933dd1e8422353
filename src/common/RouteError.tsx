import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ApiError } from "../relay/errors";
import { ErrorMessage } from "./ErrorMessage";
import { NotFoundScreen } from "./NotFoundScreen";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";

/** FORBIDDEN for another workspace's id says as little as an unknown id: not found. */
const isNotFound = (error: unknown) => error instanceof ApiError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND");

/**
 * A route's errorComponent: the localized error with a retry that loads the route's queries
 * again (a new query reference; the failed one is disposed by the route's lifecycle).
 */
export function RouteError(props: ErrorComponentProps) {
  const router = useRouter();
  if (isNotFound(props.error)) return <NotFoundScreen />;
  return (
    <Alert variant="danger" testId="route-error">
      <ErrorMessage error={props.error} />{" "}
      <Button
        data-testid="route-retry"
        onClick={() => {
          props.reset();
          void router.invalidate();
        }}
      >
        <FormattedMessage id="common.retry" />
      </Button>
    </Alert>
  );
}
