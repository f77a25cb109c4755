import { Graph, layout } from '@dagrejs/dagre';
import type { EdgeLabel, GraphLabel, NodeLabel, Point } from '@dagrejs/dagre';
import type { MachineModel, StateInfo } from './walk-machine';
import { edgesOf } from './to-mermaid';

/*
 * Text is measured without a browser: a monospace font makes the width a pure function of the
 * character count, which keeps the layout (and so the file) identical on every machine.
 */
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const STATE_FONT_SIZE = 13;
const LABEL_FONT_SIZE = 11;
const CHAR_WIDTH = 0.6;
const LINE_HEIGHT = 1.35;
const TITLE_HEIGHT = 40;
const CLUSTER_LABEL_HEIGHT = 18;
const NESTED_LABEL_HEIGHT = 14;
const MARGIN = 20;

type NodeKind = 'state' | 'final' | 'history' | 'initial' | 'anchor' | 'any';

interface NodeSpec {
  kind: NodeKind;
  key: string;
  lines: string[];
  /** For clusters: how many levels of clusters are nested inside (each needs its own header band). */
  nesting?: number;
  /** Border colour from a `Paint` (coverage diagrams); the default colour otherwise. */
  stroke?: string;
}

type LayoutNode = NodeLabel & NodeSpec;

interface LayoutEdge extends EdgeLabel {
  text: string;
  /** Keys of compound states whose border the edge should start/end at instead of the hidden anchor. */
  fromCluster?: string;
  toCluster?: string;
  stroke?: string;
}

/**
 * Optional colours for a coverage diagram: a state's border by its key, a transition's arrow by its
 * position in `model.transitions`. Without it the diagram is drawn in the default colours.
 */
export interface Paint {
  state(key: string): string | undefined;
  transition(index: number): string | undefined;
  /** A line under the title that explains the colours. */
  legend: string;
}

type LayoutGraph = Graph<GraphLabel, LayoutNode, LayoutEdge>;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function toSvg(model: MachineModel, paint?: Paint): string {
  const graph = buildGraph(model, paint);
  layout(graph);
  return draw(model, graph, paint);
}

function buildGraph(model: MachineModel, paint?: Paint): LayoutGraph {
  const graph: LayoutGraph = new Graph({ compound: true, multigraph: true });
  // Left-to-right: several labelled transitions between the same ranks stack compactly instead of widening the chart.
  graph.setGraph({ rankdir: 'LR', nodesep: 56, ranksep: 56, edgesep: 16, marginx: MARGIN, marginy: MARGIN });
  graph.setDefaultEdgeLabel(() => ({ text: '' }));
  const byKey = new Map(model.states.map((s) => [s.key, s]));

  const rootHasEdges = model.transitions.some((t) => t.source === '' || t.targets.includes(''));
  if (rootHasEdges) addNode(graph, 'n:', { kind: 'any', key: '', lines: ['(any state)'] });
  for (const state of model.states) addState(graph, state, paint?.state(state.key));
  addInitialMarker(graph, model.root, byKey);
  for (const state of model.states) addInitialMarker(graph, state, byKey);

  model.transitions.forEach((transition, index) => {
    edgesOf(transition).forEach((edge, targetIndex) => {
      if (edge.from === edge.to && isCluster(byKey.get(edge.from))) {
        // A loop around a hidden anchor would float inside the cluster; its header lists these instead.
        graph.node(`c:${edge.from}`).lines.push(`↻ ${edge.label}`);
        return;
      }
      const from = endpoint(edge.from, byKey);
      const to = endpoint(edge.to, byKey);
      const label: LayoutEdge = { text: edge.label, ...labelSize(edge.label), labelpos: 'c' };
      const stroke = paint?.transition(index);
      if (stroke) label.stroke = stroke;
      if (isCluster(byKey.get(edge.from))) label.fromCluster = edge.from;
      if (isCluster(byKey.get(edge.to))) label.toCluster = edge.to;
      graph.setEdge(from, to, label, `t${index}.${targetIndex}`);
    });
  });
  return graph;
}

function addState(graph: LayoutGraph, state: StateInfo, stroke?: string): void {
  const parent = state.path.length > 1 ? `c:${state.path.slice(0, -1).join('.')}` : undefined;
  const name = state.path[state.path.length - 1] ?? state.key;
  if (isCluster(state)) {
    const cluster = { kind: 'state' as const, key: state.key, lines: [name], nesting: clusterNesting(state), stroke };
    graph.setNode(`c:${state.key}`, { ...cluster, width: 0, height: 0 });
    if (parent) graph.setParent(`c:${state.key}`, parent);
    // dagre cannot attach edges to a cluster, so they attach to a hidden point inside it and get clipped to the border.
    addNode(graph, `a:${state.key}`, { kind: 'anchor', key: state.key, lines: [] }, `c:${state.key}`);
    return;
  }
  const invokeLines = state.invokes.map((i) => `invoke ${i.label}`);
  if (state.type === 'history') {
    addNode(graph, `n:${state.key}`, { kind: 'history', key: state.key, lines: [state.history === 'deep' ? 'H*' : 'H'] }, parent);
    return;
  }
  const kind: NodeKind = state.type === 'final' ? 'final' : 'state';
  addNode(graph, `n:${state.key}`, { kind, key: state.key, lines: [name, ...invokeLines], stroke }, parent);
}

function clusterNesting(state: StateInfo): number {
  const inner = state.children.filter(isCluster).map(clusterNesting);
  return inner.length > 0 ? 1 + Math.max(...inner) : 0;
}

function addInitialMarker(graph: LayoutGraph, state: StateInfo, byKey: Map<string, StateInfo>): void {
  if (state.type !== 'compound' || state.initial === undefined) return;
  const parent = state.key === '' ? undefined : `c:${state.key}`;
  addNode(graph, `i:${state.key}`, { kind: 'initial', key: state.key, lines: [] }, parent);
  const label: LayoutEdge = { text: '', width: 0, height: 0 };
  if (isCluster(byKey.get(state.initial))) label.toCluster = state.initial;
  graph.setEdge(`i:${state.key}`, endpoint(state.initial, byKey), label, `initial:${state.key}`);
}

function addNode(graph: LayoutGraph, id: string, node: NodeSpec, parent?: string): void {
  graph.setNode(id, { ...node, ...nodeSize(node) });
  if (parent) graph.setParent(id, parent);
}

function endpoint(key: string, byKey: Map<string, StateInfo>): string {
  if (key === '') return 'n:';
  return isCluster(byKey.get(key)) ? `a:${key}` : `n:${key}`;
}

function isCluster(state: StateInfo | undefined): boolean {
  return state !== undefined && state.children.length > 0;
}

function nodeSize(node: NodeSpec): { width: number; height: number } {
  if (node.kind === 'initial') return { width: 14, height: 14 };
  if (node.kind === 'anchor') return { width: 2, height: 2 };
  if (node.kind === 'history') return { width: 30, height: 30 };
  const longest = Math.max(...node.lines.map((l) => l.length));
  const width = Math.max(72, Math.ceil(longest * STATE_FONT_SIZE * CHAR_WIDTH) + 28);
  const height = Math.ceil(node.lines.length * STATE_FONT_SIZE * LINE_HEIGHT) + 18;
  return { width, height };
}

function labelSize(text: string): { width: number; height: number } {
  if (text === '') return { width: 0, height: 0 };
  return { width: Math.ceil(text.length * LABEL_FONT_SIZE * CHAR_WIDTH) + 10, height: 18 };
}

function draw(model: MachineModel, graph: LayoutGraph, paint?: Paint): string {
  const size = graph.graph();
  const width = Math.max(size.width ?? 0, titleWidth(model));
  // Grown cluster headers may reach above dagre's drawing area.
  const overflow = Math.max(0, ...model.states.filter(isCluster).map((s) => -clusterBox(graph, s.key).y));
  const top = TITLE_HEIGHT + overflow;
  const height = (size.height ?? 0) + top + (paint ? 8 : 0);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="${FONT}">`,
    `<title>${xml(model.id)}</title>`,
    ...(model.description ? [`<desc>${xml(model.description)}</desc>`] : []),
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>',
    `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="26" font-size="16" font-weight="bold" fill="#0f172a">${xml(titleText(model))}</text>`,
    ...(paint ? [`<text x="${MARGIN}" y="${TITLE_HEIGHT - 2}" font-size="11" fill="#334155">${xml(paint.legend)}</text>`] : []),
    `<g transform="translate(0,${num(top + (paint ? 8 : 0))})">`,
  ];
  drawClusters(graph, model, out);
  drawEdges(graph, out);
  drawNodes(graph, out);
  out.push('</g>', '</svg>');
  return `${out.join('\n')}\n`;
}

function titleText(model: MachineModel): string {
  return model.description ? `${model.id} — ${model.description}` : model.id;
}

function titleWidth(model: MachineModel): number {
  return Math.ceil(titleText(model).length * 16 * CHAR_WIDTH) + 2 * MARGIN;
}

function drawClusters(graph: LayoutGraph, model: MachineModel, out: string[]): void {
  // Outer clusters first so inner ones paint on top.
  const clusters = model.states.filter(isCluster).sort((a, b) => a.path.length - b.path.length);
  for (const state of clusters) {
    const box = clusterBox(graph, state.key);
    const name = state.path[state.path.length - 1] ?? state.key;
    const kind = state.type === 'parallel' ? ' (parallel)' : '';
    const invokes = state.invokes.map((i) => ` · invoke ${i.label}`).join('');
    const internal = graph
      .node(`c:${state.key}`)
      .lines.slice(1)
      .map((line) => ` · ${line}`)
      .join('');
    const fill = state.path.length % 2 === 1 ? '#f1f5f9' : '#e2e8f0';
    const stroke = graph.node(`c:${state.key}`).stroke;
    const dash = state.type === 'parallel' ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<g class="cluster" data-state="${xml(state.key)}"><title>${xml(state.key)}</title>`,
      `<rect x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" rx="12" fill="${fill}" stroke="${stroke ?? '#94a3b8'}"${stroke ? ' stroke-width="3"' : ''}${dash}/>`,
      `<text x="${num(box.x + 10)}" y="${num(box.y + 14)}" font-size="12" font-weight="bold" fill="#334155">${xml(name)}<tspan font-weight="normal" fill="#6d28d9">${xml(kind + invokes + internal)}</tspan></text>`,
      '</g>',
    );
  }
}

/**
 * dagre's cluster box, grown upward so the cluster name does not collide with its children;
 * one header band per nesting level keeps nested cluster names from overlapping.
 */
function clusterBox(graph: LayoutGraph, key: string): Box {
  const node = graph.node(`c:${key}`);
  const grow = CLUSTER_LABEL_HEIGHT + NESTED_LABEL_HEIGHT * (node.nesting ?? 0);
  return {
    x: (node.x ?? 0) - node.width / 2,
    y: (node.y ?? 0) - node.height / 2 - grow,
    width: node.width,
    height: node.height + grow,
  };
}

function drawEdges(graph: LayoutGraph, out: string[]): void {
  const labels: string[] = [];
  for (const edge of graph.edges()) {
    const label = graph.edge(edge);
    if (edge.v === edge.w) {
      drawSelfLoop(graph.node(edge.v), label, out, labels);
      continue;
    }
    let points = label.points ?? [];
    let position = label.x !== undefined && label.y !== undefined ? { x: label.x, y: label.y } : undefined;
    for (const [key, clip] of [
      [label.fromCluster, clipStart],
      [label.toCluster, clipEnd],
    ] as const) {
      if (key === undefined) continue;
      const box = clusterBox(graph, key);
      points = clip(points, box);
      // dagre may park the label of an edge to a hidden anchor inside the cluster, away from the drawn part.
      if (position && inside(position, box)) position = midpoint(points);
    }
    if (points.length < 2) continue;
    out.push(
      `<path class="transition" d="${pathData(points)}" fill="none" stroke="${label.stroke ?? '#475569'}" stroke-width="${label.stroke ? 2.4 : 1.4}" marker-end="url(#arrow)"/>`,
    );
    if (position) labels.push(edgeLabel(label.text, position.x, position.y, label));
  }
  // Labels after all paths, so no arrow is drawn across a label.
  out.push(...labels.filter((l) => l !== ''));
}

/** Point halfway along a polyline, by length. */
function midpoint(points: Point[]): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - (points[i] as Point).x, p.y - (points[i] as Point).y));
  let remaining = lengths.reduce((a, b) => a + b, 0) / 2;
  for (const [i, length] of lengths.entries()) {
    const a = points[i] as Point;
    const b = points[i + 1] as Point;
    if (remaining <= length && length > 0) return { x: a.x + ((b.x - a.x) * remaining) / length, y: a.y + ((b.y - a.y) * remaining) / length };
    remaining -= length;
  }
  return points[0] ?? { x: 0, y: 0 };
}

/**
 * dagre reserves room for a self-transition's label beside the node but routes the loop poorly,
 * so the loop is drawn here, on the side of the node where dagre put the label.
 */
function drawSelfLoop(node: LayoutNode, label: LayoutEdge, out: string[], labels: string[]): void {
  const cx = node.x ?? 0;
  const cy = node.y ?? 0;
  const lx = label.x ?? cx + node.width;
  const ly = label.y ?? cy;
  const horizontal = Math.abs(lx - cx) / node.width >= Math.abs(ly - cy) / node.height;
  const sign = (horizontal ? lx - cx : ly - cy) >= 0 ? 1 : -1;
  // Distance from the node's edge to the near side of the label bounds how far the loop may bulge.
  const gap = horizontal ? Math.abs(lx - cx) - node.width / 2 - (label.width ?? 0) / 2 : Math.abs(ly - cy) - node.height / 2 - (label.height ?? 0) / 2;
  const reach = Math.max(14, Math.min(160, gap - 2)) * 1.3 * sign;
  let d: string;
  if (horizontal) {
    const x = cx + (sign * node.width) / 2;
    d = `M${num(x)},${num(cy - 7)} C${num(x + reach)},${num(cy - 24)} ${num(x + reach)},${num(cy + 24)} ${num(x)},${num(cy + 7)}`;
  } else {
    const y = cy + (sign * node.height) / 2;
    d = `M${num(cx - 8)},${num(y)} C${num(cx - 26)},${num(y + reach)} ${num(cx + 26)},${num(y + reach)} ${num(cx + 8)},${num(y)}`;
  }
  out.push(
    `<path class="transition" d="${d}" fill="none" stroke="${label.stroke ?? '#475569'}" stroke-width="${label.stroke ? 2.4 : 1.4}" marker-end="url(#arrow)"/>`,
  );
  labels.push(edgeLabel(label.text, lx, ly, label));
}

function edgeLabel(text: string, x: number, y: number, size: { width?: number; height?: number }): string {
  if (text === '') return '';
  const w = size.width ?? 0;
  const h = size.height ?? 0;
  return [
    `<g class="transition-label"><rect x="${num(x - w / 2)}" y="${num(y - h / 2)}" width="${num(w)}" height="${num(h)}" rx="4" fill="#ffffff" fill-opacity="0.9"/>`,
    `<text x="${num(x)}" y="${num(y + 4)}" font-size="${LABEL_FONT_SIZE}" text-anchor="middle" fill="#1e293b">${xml(text)}</text></g>`,
  ].join('\n');
}

function drawNodes(graph: LayoutGraph, out: string[]): void {
  for (const id of graph.nodes()) {
    if (!id.startsWith('n:') && !id.startsWith('i:')) continue;
    const node = graph.node(id);
    const x = (node.x ?? 0) - node.width / 2;
    const y = (node.y ?? 0) - node.height / 2;
    const cx = node.x ?? 0;
    const cy = node.y ?? 0;
    if (node.kind === 'initial') {
      out.push(`<circle class="initial" cx="${num(cx)}" cy="${num(cy)}" r="7" fill="#0f172a"/>`);
      continue;
    }
    out.push(`<g class="state ${node.kind}" data-state="${xml(node.key)}"><title>${xml(node.key || '(any state)')}</title>`);
    if (node.kind === 'history') {
      out.push(
        `<circle cx="${num(cx)}" cy="${num(cy)}" r="15" fill="#ffffff" stroke="#334155" stroke-width="1.5"/>`,
        `<text x="${num(cx)}" y="${num(cy + 4)}" font-size="12" text-anchor="middle" fill="#0f172a">${xml(node.lines[0] ?? 'H')}</text>`,
      );
    } else {
      const dash = node.kind === 'any' ? ' stroke-dasharray="4 3"' : '';
      out.push(
        `<rect x="${num(x)}" y="${num(y)}" width="${num(node.width)}" height="${num(node.height)}" rx="10" fill="#ffffff" stroke="${node.stroke ?? '#334155'}" stroke-width="${node.stroke ? 3 : 1.5}"${dash}/>`,
      );
      if (node.kind === 'final') {
        out.push(
          `<rect x="${num(x + 4)}" y="${num(y + 4)}" width="${num(node.width - 8)}" height="${num(node.height - 8)}" rx="7" fill="none" stroke="#334155"/>`,
        );
      }
      const lineHeight = STATE_FONT_SIZE * LINE_HEIGHT;
      const firstBaseline = cy - ((node.lines.length - 1) * lineHeight) / 2 + STATE_FONT_SIZE * 0.35;
      node.lines.forEach((line, index) => {
        const style = index === 0 ? `font-size="${STATE_FONT_SIZE}" fill="#0f172a"` : `font-size="${LABEL_FONT_SIZE}" font-style="italic" fill="#6d28d9"`;
        out.push(`<text x="${num(cx)}" y="${num(firstBaseline + index * lineHeight)}" text-anchor="middle" ${style}>${xml(line)}</text>`);
      });
    }
    out.push('</g>');
  }
}

function pathData(points: Point[]): string {
  const at = (i: number) => points[Math.max(0, Math.min(points.length - 1, i))] as Point;
  const parts = [`M${num(at(0).x)},${num(at(0).y)}`];
  // Catmull-Rom through every dagre waypoint (label positions included), as cubic Béziers.
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    parts.push(`C${num(c1.x)},${num(c1.y)} ${num(c2.x)},${num(c2.y)} ${num(p2.x)},${num(p2.y)}`);
  }
  return parts.join(' ');
}

function inside(p: Point, box: Box): boolean {
  return p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;
}

/** Starts the polyline where it leaves `box` (the edge belongs to the whole compound state). */
function clipStart(points: Point[], box: Box): Point[] {
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i] as Point;
    const b = points[i + 1] as Point;
    if (inside(a, box) && !inside(b, box)) return [crossing(a, b, box), ...points.slice(i + 1)];
  }
  return points;
}

/** Ends the polyline where it enters `box`. */
function clipEnd(points: Point[], box: Box): Point[] {
  for (let i = points.length - 1; i > 0; i--) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    if (!inside(a, box) && inside(b, box)) return [...points.slice(0, i), crossing(b, a, box)];
  }
  return points;
}

/** Point where the segment from `a` (inside) towards `b` (outside) crosses the border of `box`. */
function crossing(a: Point, b: Point, box: Box): Point {
  let t = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx > 0) t = Math.min(t, (box.x + box.width - a.x) / dx);
  if (dx < 0) t = Math.min(t, (box.x - a.x) / dx);
  if (dy > 0) t = Math.min(t, (box.y + box.height - a.y) / dy);
  if (dy < 0) t = Math.min(t, (box.y - a.y) / dy);
  return { x: a.x + dx * t, y: a.y + dy * t };
}

/** Fixed one-decimal formatting: part of what makes the output byte-for-byte reproducible. */
function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
