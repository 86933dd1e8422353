import { useEffect, useRef } from "react";
import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { json } from "@codemirror/lang-json";

// The theme follows the console's light/dark variables; the editor is at most 400 px high (spec §9).
const theme = EditorView.theme({
  "&": { maxHeight: "400px", backgroundColor: "var(--surface)", color: "var(--text)", fontSize: "14px" },
  ".cm-scroller": { overflow: "auto", fontFamily: "var(--font-mono)" },
  ".cm-gutters": { backgroundColor: "var(--surface-2)", color: "var(--text-muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "color-mix(in srgb, var(--primary) 8%, transparent)" },
  "&.cm-focused": { outline: "2px solid var(--focus)" },
  ".cm-cursor": { borderLeftColor: "var(--text)" },
});

/**
 * CodeMirror 6 with JSON support, in its own chunk (the screen loads it lazily). Controlled:
 * typing reports the text; a new `value` from outside (Cancel, a save) replaces the document.
 */
export default function JsonCodeEditor(props: { value: string; onChange(value: string): void; label: string; readOnly?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          basicSetup,
          json(),
          theme,
          EditorState.readOnly.of(Boolean(props.readOnly)),
          EditorView.contentAttributes.of({ "aria-label": props.label, "data-testid": "json-editor-content" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [props.label, props.readOnly]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== props.value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
    }
  }, [props.value]);

  return <div ref={host} className="json-editor" data-testid="json-editor" />;
}
