import type { ReactNode } from "react";

export function Alert(props: { variant: "danger" | "success" | "info"; children: ReactNode; testId?: string }) {
  return (
    <div className={`alert alert-${props.variant}`} role={props.variant === "danger" ? "alert" : "status"} data-testid={props.testId}>
      {props.children}
    </div>
  );
}
