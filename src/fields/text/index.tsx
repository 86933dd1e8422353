import type { FieldInputProps, FieldKindUi } from "../fieldKindUi";
import { plainDisplay } from "../plainDisplay";
import { TypeName } from "../TypeName";
import { TextInput } from "./TextInput";

/** Text kinds differ only in the native input, which brings the keyboard and autofill for the kind. */
const textKind = (Input: FieldKindUi["Input"]): FieldKindUi => ({ display: plainDisplay, Input, Settings: TypeName });

function PlainTextInput(props: FieldInputProps) {
  return <TextInput {...props} />;
}

function EmailInput(props: FieldInputProps) {
  return <TextInput {...props} type="email" />;
}

function PhoneInput(props: FieldInputProps) {
  return <TextInput {...props} type="tel" />;
}

function UrlInput(props: FieldInputProps) {
  return <TextInput {...props} type="url" />;
}

export const text = textKind(PlainTextInput);
export const email = textKind(EmailInput);
export const phone = textKind(PhoneInput);
export const url = textKind(UrlInput);
