import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { MAX_CHAT_TABLES, userFieldsOf, type ChatbotView } from "../domain/apps";

/**
 * A chatbot view's further tables: which other tables the chat answers from, and for each the
 * fields it searches and shows (all of them when the table is first chosen, as for a new view).
 */
export function ChatTablesEditor(props: { view: ChatbotView; tables: ObjectType[]; disabled: boolean; onChange(view: ChatbotView): void }) {
  const intl = useIntl();
  const more = props.view.moreTables ?? [];
  const others = props.tables.filter((table) => table.id !== props.view.tableId);
  const full = more.length + 1 >= MAX_CHAT_TABLES;
  const setMore = (moreTables: NonNullable<ChatbotView["moreTables"]>) => props.onChange({ ...props.view, moreTables });
  return (
    <fieldset disabled={props.disabled} className="view-editor-related" data-testid="view-chat-tables">
      <legend>
        <FormattedMessage id="apps.view.chatTables" />
      </legend>
      {others.map((table) => {
        const chosen = more.find((entry) => entry.tableId === table.id);
        return (
          <div key={table.id}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen !== undefined}
                disabled={!chosen && full}
                onChange={(event) =>
                  setMore(event.target.checked ? [...more, { tableId: table.id, fields: userFieldsOf(table).map((field) => field.id) }] : more.filter((entry) => entry.tableId !== table.id))
                }
                data-testid={`view-chat-table-${table.name}`}
              />{" "}
              {table.name}
            </label>
            {chosen && (
              <fieldset className="view-editor-fields">
                <legend>{intl.formatMessage({ id: "apps.view.chatTableFields" }, { table: table.name })}</legend>
                {userFieldsOf(table).map((field) => (
                  <label key={field.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={chosen.fields.includes(field.id)}
                      onChange={(event) =>
                        setMore(
                          more.map((entry) =>
                            entry.tableId !== table.id ? entry : { ...entry, fields: event.target.checked ? [...entry.fields, field.id] : entry.fields.filter((id) => id !== field.id) },
                          ),
                        )
                      }
                      data-testid={`view-chat-field-${table.name}-${field.name}`}
                    />{" "}
                    {field.name}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
