import { useMatches } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";

/** Screens whose issue has not landed yet: in the route tree with their layout and name. */
export default function PlaceholderScreen() {
  const name = useMatches().at(-1)?.staticData.name ?? "";
  return (
    <section className="card" data-testid="placeholder-screen" data-route-name={name}>
      <h1>
        <FormattedMessage id={`route.${name}`} />
      </h1>
      <p>
        <FormattedMessage id="placeholder.text" />
      </p>
    </section>
  );
}
