import { useEffect, useState } from "react";
import { useIntl } from "react-intl";

/** The loader shows after 100 ms (spec §9), so fast loads never flash a spinner. */
export const LOADER_DELAY_MS = 100;

export function Spinner() {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "common.loading" })} />;
}
