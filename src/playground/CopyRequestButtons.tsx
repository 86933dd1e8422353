import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../ui/Button";
import { asCurl, asFetch, type PlaygroundRequest } from "./copyRequest";

/** 'Copy as curl' and 'copy as fetch' for the request the editors hold now, with the identity's header. */
export function CopyRequestButtons(props: { request(): Promise<PlaygroundRequest> }) {
  const [copied, setCopied] = useState<"curl" | "fetch" | "failed" | null>(null);
  const copy = async (format: "curl" | "fetch") => {
    const request = await props.request();
    try {
      await navigator.clipboard.writeText(format === "curl" ? asCurl(request) : asFetch(request));
      setCopied(format);
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="playground-copy">
      <Button onClick={() => void copy("curl")} data-testid="playground-copy-curl">
        <FormattedMessage id="playground.copyCurl" />
      </Button>
      <Button onClick={() => void copy("fetch")} data-testid="playground-copy-fetch">
        <FormattedMessage id="playground.copyFetch" />
      </Button>
      {copied && (
        <span role="status" data-testid="playground-copied">
          <FormattedMessage id={copied === "failed" ? "playground.copyFailed" : "playground.copied"} />
        </span>
      )}
    </div>
  );
}
