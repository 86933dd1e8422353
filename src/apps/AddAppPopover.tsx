import { useId, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { appNameTooLong, validateAppName } from "../domain/apps/names";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";

/**
 * The add-app popover (spec §2): asks for a name; the maximum is shown while typing, the minimum
 * on submit (spec §5). Escape or Cancel closes it; a server refusal is shown in it.
 */
export function AddAppPopover(props: { busy: boolean; onCreate(name: string): Promise<void> }) {
  const intl = useIntl();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const problem = appNameTooLong(name) ? "error_app_name_max_length" : submitted ? validateAppName(name) : null;

  const close = () => {
    setOpen(false);
    setName("");
    setSubmitted(false);
    setError(null);
    wrapper.current?.querySelector("button")?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateAppName(name)) return;
    setError(null);
    try {
      await props.onCreate(name.trim());
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <div className="apps-add" ref={wrapper}>
      <Button variant="primary" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))} data-testid="apps-add">
        <FormattedMessage id="apps.add" />
      </Button>
      {open && (
        <form id={panelId} className="apps-add-popover" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === "Escape" && close()} noValidate data-testid="apps-add-popover">
          {error != null && (
            <Alert variant="danger">
              <ErrorMessage error={error} />
            </Alert>
          )}
          <TextField
            label={intl.formatMessage({ id: "apps.name" })}
            value={name}
            onChange={setName}
            autoFocus
            autoComplete="off"
            data-testid="apps-add-name"
            error={problem ? intl.formatMessage({ id: problem }) : undefined}
          />
          <p className="field-hint">
            <FormattedMessage id="apps.add.logoLater" />
          </p>
          <div className="dialog-actions">
            <Button onClick={close}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" variant="primary" busy={props.busy} data-testid="apps-add-submit">
              <FormattedMessage id="apps.create" />
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
