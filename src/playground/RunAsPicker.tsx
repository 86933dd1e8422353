import { useIntl } from "react-intl";
import { openProjectSignIn, projectSignIn } from "../relay/projectSignIns";
import type { PlaygroundApiKey } from "./useApiKeys";
import { MEMBER, type RunAs } from "./runAs";

/** The last characters of a key: enough to tell keys apart without showing one on screen. */
const keyEnding = (key: string) => `…${key.slice(-4)}`;

/** 'Run as': the member (default), one of the project's API keys, or the project's pool user. */
export function RunAsPicker(props: { apiId: string; runAs: RunAs; onChange(runAs: RunAs): void; keys: PlaygroundApiKey[]; hasPool: boolean }) {
  const intl = useIntl();
  const value = props.runAs.kind === "apiKey" ? `apiKey:${props.runAs.id}` : props.runAs.kind;
  const choose = (next: string) => {
    if (next === "user") {
      // Choosing the pool user without a sign-in opens the project's sign-in modal (spec §4).
      if (!projectSignIn(props.apiId).session) openProjectSignIn(props.apiId);
      return props.onChange({ kind: "user" });
    }
    const key = props.keys.find((candidate) => `apiKey:${candidate.id}` === next);
    props.onChange(key ? { kind: "apiKey", id: key.id, key: key.key } : MEMBER);
  };
  return (
    <label className="playground-run-as">
      <span>{intl.formatMessage({ id: "playground.runAs" })}</span>
      <select value={value} onChange={(event) => choose(event.target.value)} data-testid="playground-run-as">
        <option value="member">{intl.formatMessage({ id: "playground.runAs.member" })}</option>
        {props.keys.map((key) => (
          <option key={key.id} value={`apiKey:${key.id}`}>
            {intl.formatMessage({ id: "playground.runAs.apiKey" }, { name: key.description || keyEnding(key.key) })}
          </option>
        ))}
        {props.hasPool && <option value="user">{intl.formatMessage({ id: "playground.runAs.user" })}</option>}
      </select>
    </label>
  );
}
