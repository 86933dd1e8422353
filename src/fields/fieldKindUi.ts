import type { ComponentType, KeyboardEventHandler, RefCallback } from "react";
import type { IntlShape } from "react-intl";
import type { EnumType, Field } from "../domain/model";

/**
 * The console's part of a field kind (the registry's input kind, src/domain/fields): how its
 * value reads, the control that types it and what the field settings show for it. The grid's
 * cell editor and the record form both render `Input`, so a kind is typed the same everywhere.
 */
export interface FieldKindUi {
  /** A stored value (never null) as the user reads it: grid cell, read-only form field. */
  display(value: unknown, context: DisplayContext): string;
  /** The bare control (no label): the grid wraps it in a cell, the form in a labelled field. */
  Input: ComponentType<FieldInputProps>;
  /** The field settings table's type column for a field of this kind. */
  Settings: ComponentType<FieldSettingsProps>;
  /** A form hint under the input, as a message id, where the kind needs one explained. */
  hintId?: string;
}

export interface DisplayContext {
  intl: IntlShape;
  field: Field;
}

/** The attributes the place that shows the control gives it: its name, state and keyboard. */
export interface ControlAttributes {
  ref?: RefCallback<HTMLElement>;
  id?: string;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-busy"?: boolean;
  readOnly?: boolean;
  onKeyDown?: KeyboardEventHandler;
  "data-testid"?: string;
}

export interface FieldInputProps {
  field: Field;
  enums: readonly EnumType[];
  /** The typed text (the kind's entry text, src/domain/fields/entryText.ts). */
  text: string;
  /** Called with the text as the kind keeps it (sanitised while typing). */
  onChange(text: string): void;
  control: ControlAttributes;
  /** Shown in one grid line rather than a form. */
  inline?: boolean;
}

export interface FieldSettingsProps {
  field: Field;
  enums: readonly EnumType[];
}
