import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { platformEnvironment } from "./environment";
import { useSession } from "../session/sessionState";

/**
 * Relay arrives with the first signed-in page, so the sign-in pages stay small. The
 * environment is replaced on sign-out, so the provider follows the user.
 */
export default function RelayProvider(props: { children: ReactNode }) {
  const session = useSession();
  return (
    <RelayEnvironmentProvider environment={platformEnvironment()} key={session.userId ?? "signed-out"}>
      {props.children}
    </RelayEnvironmentProvider>
  );
}
