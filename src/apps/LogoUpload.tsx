import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import { checkLogoFile, LOGO_ACCEPT } from "../domain/apps/logo";
import { currentAccessToken } from "../session/tokens";
import { ErrorMessage } from "../common/ErrorMessage";

/**
 * The app's logo (spec §5: at most 1 MB, JPG/SVG/PNG/WEBP): checked here first, then sent with
 * PUT <appUrl>logo, where the server checks the same and the file's bytes.
 */
export function LogoUpload(props: { appId: string; logoUrl: string | null; disabled: boolean; onChange?(logoUrl: string | null): void }) {
  const inputId = useId();
  const [logoUrl, setLogoUrl] = useState(props.logoUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setProblem(null);
    setError(null);
    const local = checkLogoFile(file);
    if (local) return setProblem(local);
    setBusy(true);
    try {
      const token = await currentAccessToken();
      const response = await fetch(`/apps/${props.appId}/logo`, { method: "PUT", headers: { "content-type": file.type, ...(token ? { authorization: token } : {}) }, body: file });
      const answer = (await response.json()) as { logoUrl?: string; errors?: { message: string; extensions?: { messageId?: string } }[] };
      if (answer.logoUrl) (setLogoUrl(answer.logoUrl), props.onChange?.(answer.logoUrl));
      else setProblem(answer.errors?.[0]?.extensions?.messageId ?? "error_file_invalid_format");
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="logo-upload" data-testid="logo-upload">
      <h2>
        <FormattedMessage id="apps.logo.title" />
      </h2>
      {logoUrl ? <img src={logoUrl} alt="" className="logo-preview" data-testid="logo-preview" /> : null}
      <label htmlFor={inputId}>
        <FormattedMessage id="apps.logo.choose" />
      </label>
      <input id={inputId} type="file" accept={LOGO_ACCEPT} disabled={props.disabled || busy} onChange={(event) => event.target.files?.[0] && void upload(event.target.files[0])} data-testid="logo-input" />
      <p className="field-hint">
        <FormattedMessage id="apps.logo.hint" />
      </p>
      {problem && (
        <p className="field-error" role="alert" data-testid="logo-error">
          <FormattedMessage id={problem} />
        </p>
      )}
      {error != null && (
        <p className="field-error" role="alert">
          <ErrorMessage error={error} />
        </p>
      )}
    </section>
  );
}
