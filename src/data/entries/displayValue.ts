/** A stored value as the user reads it: each field kind's `display` (src/fields/). */
export { fieldDisplay as displayValue } from "../../fields/fieldDisplay";
