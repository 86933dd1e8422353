import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";

export function NotFoundScreen() {
  return (
    <div className="card auth-card">
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to="/">
        <FormattedMessage id="notFound.home" />
      </Link>
    </div>
  );
}
