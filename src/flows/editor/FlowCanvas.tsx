import { useMemo } from "react";
import { useIntl } from "react-intl";
import { Background, Controls, Handle, Position, ReactFlow, type Edge, type Node, type NodeProps, type NodeChange, type Connection } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import type { FlowProblem, FlowSchema } from "../../domain/flows/types";

type FlowNodeData = { title: string; kind: "trigger" | "step"; variant: string; problems: number; condition: boolean; loop?: boolean };

function FlowNodeView(props: NodeProps<Node<FlowNodeData>>) {
  const intl = useIntl();
  const { data } = props;
  return (
    <div className={`flow-node flow-node-${data.kind}${data.problems ? " flow-node-invalid" : ""}`} data-testid={`flow-node-${props.id}`}>
      {data.kind === "step" && <Handle type="target" position={Position.Top} />}
      <div className="flow-node-kind">{intl.formatMessage({ id: `flows.node.${data.kind}` })}</div>
      <div className="flow-node-title">{data.title}</div>
      {data.variant && <div className="flow-node-variant">{intl.formatMessage({ id: `flows.variant.${data.variant}` })}</div>}
      {data.problems > 0 && (
        <div className="flow-node-problems" data-testid="flow-node-problems">
          {intl.formatMessage({ id: "flows.node.problems" }, { count: data.problems })}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} id="next" />
      {data.condition && <Handle type="source" position={Position.Right} id="else" />}
      {data.loop && <Handle type="source" position={Position.Right} id="each" />}
    </div>
  );
}

const nodeTypes = { flowNode: FlowNodeView };

/**
 * The flow on a canvas: triggers and steps as nodes (focusable; Delete removes the selected),
 * edges from the triggers to the start step and from each step to its next (a condition's else
 * from its right handle). Drawing an edge links them; dragging moves a node.
 */
export function FlowCanvas(props: {
  schema: FlowSchema;
  problems: readonly FlowProblem[];
  selected: string | null;
  readOnly: boolean;
  onSelect(id: string | null): void;
  onMove(id: string, position: { x: number; y: number }): void;
  onConnect(source: string, target: string, handle: string | null): void;
  onDelete(ids: string[]): void;
}) {
  const intl = useIntl();
  const { schema, problems, selected } = props;
  const nodes = useMemo<Node<FlowNodeData>[]>(() => {
    const count = (id: string) => problems.filter((p) => p.triggerId === id || p.stepId === id).length;
    return [
      ...schema.triggers.map((t, i) => ({
        id: t.id,
        type: "flowNode",
        position: t.position ?? { x: 0, y: i * 120 },
        selected: t.id === selected,
        ariaLabel: intl.formatMessage({ id: "flows.node.aria" }, { kind: intl.formatMessage({ id: "flows.node.trigger" }), name: t.name || t.id }),
        data: { title: t.name || t.id, kind: "trigger" as const, variant: t.variant, problems: count(t.id), condition: false },
      })),
      ...schema.steps.map((s, i) => ({
        id: s.id,
        type: "flowNode",
        position: s.position ?? { x: 320, y: i * 120 },
        selected: s.id === selected,
        ariaLabel: intl.formatMessage({ id: "flows.node.aria" }, { kind: intl.formatMessage({ id: "flows.node.step" }), name: s.name || s.id }),
        data: { title: s.name || s.id, kind: "step" as const, variant: s.variant, problems: count(s.id), condition: s.variant === "condition", loop: s.variant === "loop" },
      })),
    ];
  }, [schema, problems, selected, intl]);
  const edges = useMemo<Edge[]>(() => {
    const list: Edge[] = [];
    if (schema.startStep) for (const t of schema.triggers) list.push({ id: `${t.id}->${schema.startStep}`, source: t.id, sourceHandle: "next", target: schema.startStep });
    for (const s of schema.steps) {
      if (s.next) list.push({ id: `${s.id}->${s.next}`, source: s.id, sourceHandle: "next", target: s.next, label: s.variant === "condition" ? intl.formatMessage({ id: "flows.edge.then" }) : undefined });
      if (s.variant === "loop" && s.loopStep) list.push({ id: `${s.id}-each->${s.loopStep}`, source: s.id, sourceHandle: "each", target: s.loopStep, label: intl.formatMessage({ id: "flows.edge.each" }) });
      if (s.variant === "condition" && s.else) list.push({ id: `${s.id}-else->${s.else}`, source: s.id, sourceHandle: "else", target: s.else, label: intl.formatMessage({ id: "flows.edge.else" }) });
    }
    return list;
  }, [schema, intl]);
  const onNodesChange = (changes: NodeChange<Node<FlowNodeData>>[]) => {
    for (const change of changes) {
      if (change.type === "position" && change.position && !props.readOnly) props.onMove(change.id, change.position);
      if (change.type === "select" && change.selected) props.onSelect(change.id);
    }
  };
  return (
    <div className="flow-canvas" data-testid="flow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onConnect={(connection: Connection) => !props.readOnly && props.onConnect(connection.source, connection.target, connection.sourceHandle ?? null)}
        onNodesDelete={(deleted) => !props.readOnly && props.onDelete(deleted.map((node) => node.id))}
        onPaneClick={() => props.onSelect(null)}
        deleteKeyCode={props.readOnly ? null : ["Delete", "Backspace"]}
        nodesDraggable={!props.readOnly}
        nodesConnectable={!props.readOnly}
        edgesFocusable={false}
        fitView
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
