import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import type { mutationsCreateBundleSubscriptionMutation } from "../../../__generated__/mutationsCreateBundleSubscriptionMutation.graphql";
import { isPublishing } from "../../../domain/apiState";
import { useMutate } from "../../../relay/mutate";
import { createBundleSubscriptionMutation } from "./mutations";

/**
 * Checkout success returns to the publishing screen with session_id (spec §2). If the project is
 * not already publishing, the paid checkout becomes the bundle subscription (spec §4) and the
 * user goes on to the overview, the wizard's last look at what will be published (tables,
 * authentication, region, the plan just bought), whose Publish starts the run. Replacing the
 * address drops session_id, so a reload does not subscribe again.
 */
export function useCheckoutSubscription(api: { id: string; state: string } | null, sessionId: string | undefined) {
  const navigate = useNavigate();
  const [subscribe] = useMutate<mutationsCreateBundleSubscriptionMutation>(createBundleSubscriptionMutation);
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const shouldStart = api !== null && !!sessionId && !isPublishing(api.state);

  useEffect(() => {
    if (!shouldStart || started.current || !api || !sessionId) return;
    started.current = true;
    void (async () => {
      try {
        await subscribe({ input: { apiId: api.id, checkoutSessionId: sessionId } });
        await navigate({ to: "/api-setup/$apiId/overview", params: { apiId: api.id }, search: {}, replace: true });
      } catch (caught) {
        setError(caught);
      }
    })();
  }, [api, navigate, sessionId, shouldStart, subscribe]);

  return { error, subscribing: shouldStart && error === null };
}
