import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/** The card every authentication screen sits in: a title, an optional step line, links below. */
export function AuthCard(props: { titleId: string; step?: ReactNode; links?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section className="card auth-card" aria-labelledby={headingId} data-testid={props.testId}>
      {props.step && <p className="step">{props.step}</p>}
      <h1 id={headingId}>
        <FormattedMessage id={props.titleId} />
      </h1>
      {props.children}
      {props.links && <nav className="auth-links">{props.links}</nav>}
    </section>
  );
}
