import { useNavigate } from "@tanstack/react-router";
import { signOut } from "../session/actions";

/** Signs out and lands on the login page. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    await navigate({ to: "/login" });
  };
}
