import type { ReactNode } from "react";
import { Announced } from "./LiveRegion";

/**
 * An error interrupts (role=alert); a notice (saved, sent, progress) is read politely through the
 * console's live region (ui/LiveRegion.tsx), so it is announced although it appears with its text.
 */
export function Alert(props: { variant: "danger" | "success" | "info"; children: ReactNode; testId?: string }) {
  if (props.variant === "danger") {
    return (
      <div className="alert alert-danger" role="alert" data-testid={props.testId}>
        {props.children}
      </div>
    );
  }
  return (
    <Announced className={`alert alert-${props.variant}`} testId={props.testId}>
      {props.children}
    </Announced>
  );
}
