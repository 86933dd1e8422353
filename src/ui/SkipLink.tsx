import { FormattedMessage } from "react-intl";

/** The id of the element every layout puts the screen's content in. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * The first focusable element of every page: jumps past the top bar and navigation. It moves
 * focus itself instead of changing the URL's hash, which the data screen reads as the table.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      <FormattedMessage id="nav.skipToContent" />
    </a>
  );
}
