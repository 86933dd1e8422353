import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import type { mutationsCreateBundleSubscriptionMutation } from "../../../__generated__/mutationsCreateBundleSubscriptionMutation.graphql";
import { isPublishing } from "../../../domain/apiState";
import { useMutate } from "../../../relay/mutate";
import { useCreatePublishRunMutation } from "../useCreatePublishRunMutation";
import { createBundleSubscriptionMutation } from "./mutations";

/**
 * Spec §4: on the publishing screen, if the project is not already publishing and a session_id
 * is present, the checkout is looked up, the bundle subscription created and the project
 * published. The session_id then leaves the address, so a reload does not publish again.
 */
export function useSubscribeAndPublish(api: { id: string; state: string } | null, sessionId: string | undefined) {
  const navigate = useNavigate();
  const [subscribe] = useMutate<mutationsCreateBundleSubscriptionMutation>(createBundleSubscriptionMutation);
  const [publish] = useCreatePublishRunMutation();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const shouldStart = api !== null && !!sessionId && !isPublishing(api.state);

  useEffect(() => {
    if (!shouldStart || started.current || !api || !sessionId) return;
    started.current = true;
    void (async () => {
      try {
        await subscribe({ input: { apiId: api.id, checkoutSessionId: sessionId } });
        await publish(api.id);
        await navigate({ to: "/api-setup/$apiId/publishing", params: { apiId: api.id }, search: {}, replace: true });
      } catch (caught) {
        setError(caught);
      }
    })();
  }, [api, navigate, publish, sessionId, shouldStart, subscribe]);

  return error;
}
