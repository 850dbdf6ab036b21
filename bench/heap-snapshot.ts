/**
 * A V8 heap snapshot (`.heapsnapshot`, as `--heapsnapshot-signal` or the inspector writes it) read
 * into flat arrays, for bench/heap-diff.ts: each object's class (its constructor's name, or
 * `(type) name` for V8's internal kinds), its shortest retainer path from the GC roots, and
 * dominators with retained sizes (Cooper, Harvey and Kennedy's iterative algorithm; weak edges
 * retain nothing). Object ids are stable between snapshots of one process, so objects can be
 * matched across them.
 */
import { readFileSync } from 'node:fs';

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
    node_count: number;
    edge_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapSnapshot {
  file: string;
  nodeCount: number;
  nodeType: Uint8Array;
  nodeName: Uint32Array;
  nodeId: Uint32Array;
  selfSize: Float64Array;
  /** Edges of node i are firstEdge[i] .. firstEdge[i + 1] - 1. */
  firstEdge: Uint32Array;
  edgeType: Uint8Array;
  /** A string index, or the element's index for element and hidden edges. */
  edgeName: Uint32Array;
  edgeTo: Uint32Array;
  strings: string[];
  nodeTypes: string[];
  edgeTypes: string[];
  /** Node index by object id. */
  indexById: Map<number, number>;
}

/** Typed-array reads under noUncheckedIndexedAccess. */
const at = (array: ArrayLike<number>, index: number): number => array[index] as number;

export function readHeapSnapshot(file: string): HeapSnapshot {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
  const meta = raw.snapshot.meta;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const index = fields.indexOf(name);
    if (index < 0) throw new Error(`${file}: no ${name} field`);
    return index;
  };
  const [typeField, nameField, idField, sizeField, edgeCountField] = [
    'type',
    'name',
    'id',
    'self_size',
    'edge_count',
  ].map((name) => field(meta.node_fields, name)) as [number, number, number, number, number];
  const [edgeTypeField, edgeNameField, toField] = ['type', 'name_or_index', 'to_node'].map((name) =>
    field(meta.edge_fields, name),
  ) as [number, number, number];
  const nodeCount = raw.nodes.length / nodeFields;
  const edgeCount = raw.edges.length / edgeFields;
  const snapshot: HeapSnapshot = {
    file,
    nodeCount,
    nodeType: new Uint8Array(nodeCount),
    nodeName: new Uint32Array(nodeCount),
    nodeId: new Uint32Array(nodeCount),
    selfSize: new Float64Array(nodeCount),
    firstEdge: new Uint32Array(nodeCount + 1),
    edgeType: new Uint8Array(edgeCount),
    edgeName: new Uint32Array(edgeCount),
    edgeTo: new Uint32Array(edgeCount),
    strings: raw.strings,
    nodeTypes: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    indexById: new Map(),
  };
  let edge = 0;
  for (let i = 0; i < nodeCount; i++) {
    const base = i * nodeFields;
    snapshot.nodeType[i] = at(raw.nodes, base + typeField);
    snapshot.nodeName[i] = at(raw.nodes, base + nameField);
    snapshot.nodeId[i] = at(raw.nodes, base + idField);
    snapshot.selfSize[i] = at(raw.nodes, base + sizeField);
    snapshot.firstEdge[i] = edge;
    snapshot.indexById.set(at(raw.nodes, base + idField), i);
    edge += at(raw.nodes, base + edgeCountField);
  }
  snapshot.firstEdge[nodeCount] = edge;
  for (let e = 0; e < edgeCount; e++) {
    const base = e * edgeFields;
    snapshot.edgeType[e] = at(raw.edges, base + edgeTypeField);
    snapshot.edgeName[e] = at(raw.edges, base + edgeNameField);
    snapshot.edgeTo[e] = at(raw.edges, base + toField) / nodeFields;
  }
  return snapshot;
}

const internedClass = new Map<string, string>();

/**
 * What the diff groups objects by: the constructor's name of an object or a native, the function's
 * name of a closure, `(string)` for every string, and `(type) name` (name cut to 60 characters) for
 * V8's internal kinds (arrays, code, hidden, …).
 */
export function classOf(snapshot: HeapSnapshot, node: number): string {
  const type = snapshot.nodeTypes[at(snapshot.nodeType, node)] ?? '?';
  const name = snapshot.strings[at(snapshot.nodeName, node)] ?? '';
  let key: string;
  switch (type) {
    case 'object':
    case 'native':
      key = name;
      break;
    case 'closure':
      key = `(closure) ${name || '(anonymous)'}`;
      break;
    case 'string':
    case 'concatenated string':
    case 'sliced string':
      key = '(string)';
      break;
    case 'number':
      key = '(heap number)';
      break;
    case 'code':
      key = `(code) ${name.replace(/\d+/g, '#').slice(0, 60)}`;
      break;
    default:
      key = `(${type}) ${name.replace(/\d+/g, '#').slice(0, 60)}`;
  }
  let interned = internedClass.get(key);
  if (interned === undefined) {
    interned = key;
    internedClass.set(key, key);
  }
  return interned;
}

/** The node's type name (object, closure, code, …). */
export const typeOf = (snapshot: HeapSnapshot, node: number): string =>
  snapshot.nodeTypes[at(snapshot.nodeType, node)] ?? '?';

const weak = (snapshot: HeapSnapshot, edge: number): boolean =>
  snapshot.edgeTypes[at(snapshot.edgeType, edge)] === 'weak';

/** An edge's name as a path step: `.name`, `[i]`, `(context) name`. */
export function edgeLabel(snapshot: HeapSnapshot, edge: number): string {
  const type = snapshot.edgeTypes[at(snapshot.edgeType, edge)];
  const name = at(snapshot.edgeName, edge);
  if (type === 'element' || type === 'hidden') return '[]';
  const text = snapshot.strings[name] ?? String(name);
  if (type === 'context') return `(context) ${text}`;
  if (type === 'internal') return `(internal) ${text.replace(/\d+/g, '#')}`;
  return `.${text.replace(/^[0-9a-f-]{16,}$/i, '<id>').slice(0, 40)}`;
}

export interface RetainerTree {
  /** The edge by which each node was first reached from the root (breadth first), or -1. */
  parentEdge: Int32Array;
  /** The node that edge leaves. */
  parentNode: Int32Array;
}

/** Shortest paths from the root (node 0) over strong edges. */
export function retainerTree(snapshot: HeapSnapshot): RetainerTree {
  const parentEdge = new Int32Array(snapshot.nodeCount).fill(-1);
  const parentNode = new Int32Array(snapshot.nodeCount).fill(-1);
  const queue = new Uint32Array(snapshot.nodeCount);
  const seen = new Uint8Array(snapshot.nodeCount);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  seen[0] = 1;
  while (head < tail) {
    const node = at(queue, head++);
    for (let e = at(snapshot.firstEdge, node); e < at(snapshot.firstEdge, node + 1); e++) {
      if (weak(snapshot, e)) continue;
      const to = at(snapshot.edgeTo, e);
      if (seen[to]) continue;
      seen[to] = 1;
      parentEdge[to] = e;
      parentNode[to] = node;
      queue[tail++] = to;
    }
  }
  return { parentEdge, parentNode };
}

/**
 * The node's retainer path, nearest retainer first: `Class.edge ← Class.edge ← …` up to `steps`
 * steps (the GC roots' own synthetic nodes left out).
 */
export function retainerPath(snapshot: HeapSnapshot, tree: RetainerTree, node: number, steps = 9): string {
  const parts: string[] = [];
  let current = node;
  for (let step = 0; step < steps; step++) {
    const edge = at(tree.parentEdge, current);
    const parent = at(tree.parentNode, current);
    if (edge < 0 || parent < 0) break;
    if (typeOf(snapshot, parent) === 'synthetic') {
      parts.push(`(root${parent === 0 ? '' : ` ${snapshot.strings[at(snapshot.nodeName, parent)] ?? ''}`})`);
      break;
    }
    parts.push(`${classOf(snapshot, parent)}${edgeLabel(snapshot, edge)}`);
    current = parent;
  }
  return parts.join(' ← ');
}

export interface Dominators {
  /** Each node's retained size (0 for nodes the root does not reach by strong edges). */
  retained: Float64Array;
  /** Each node's immediate dominator (node index; -1 when unreached, 0 for the root's own). */
  dominator: Int32Array;
}

/** Each node's retained size (0 for nodes the root does not reach by strong edges). */
export function retainedSizes(snapshot: HeapSnapshot): Float64Array {
  return dominators(snapshot).retained;
}

/** Immediate dominators and retained sizes over strong edges. */
export function dominators(snapshot: HeapSnapshot): Dominators {
  const n = snapshot.nodeCount;
  // Depth-first postorder from the root over strong edges.
  const order = new Int32Array(n).fill(-1);
  const byOrder = new Uint32Array(n);
  const stackNode = new Uint32Array(n);
  const stackEdge = new Uint32Array(n);
  const visited = new Uint8Array(n);
  let count = 0;
  let top = 0;
  stackNode[0] = 0;
  stackEdge[0] = at(snapshot.firstEdge, 0);
  visited[0] = 1;
  while (top >= 0) {
    const node = at(stackNode, top);
    const edge = at(stackEdge, top);
    if (edge < at(snapshot.firstEdge, node + 1)) {
      stackEdge[top] = edge + 1;
      if (weak(snapshot, edge)) continue;
      const to = at(snapshot.edgeTo, edge);
      if (visited[to]) continue;
      visited[to] = 1;
      top += 1;
      stackNode[top] = to;
      stackEdge[top] = at(snapshot.firstEdge, to);
    } else {
      order[node] = count;
      byOrder[count++] = node;
      top -= 1;
    }
  }
  // Predecessors (strong edges between reached nodes), by postorder number.
  const predecessorCount = new Uint32Array(count + 1);
  for (let node = 0; node < n; node++) {
    if (at(order, node) < 0) continue;
    for (let e = at(snapshot.firstEdge, node); e < at(snapshot.firstEdge, node + 1); e++) {
      if (weak(snapshot, e)) continue;
      const slot = at(order, at(snapshot.edgeTo, e)) + 1;
      predecessorCount[slot] = at(predecessorCount, slot) + 1;
    }
  }
  for (let i = 0; i < count; i++)
    predecessorCount[i + 1] = at(predecessorCount, i + 1) + at(predecessorCount, i);
  const predecessors = new Uint32Array(at(predecessorCount, count));
  const filled = predecessorCount.slice(0, count);
  for (let node = 0; node < n; node++) {
    const from = at(order, node);
    if (from < 0) continue;
    for (let e = at(snapshot.firstEdge, node); e < at(snapshot.firstEdge, node + 1); e++) {
      if (weak(snapshot, e)) continue;
      const to = at(order, at(snapshot.edgeTo, e));
      predecessors[at(filled, to)] = from;
      filled[to] = at(filled, to) + 1;
    }
  }
  const root = count - 1;
  const dominator = new Int32Array(count).fill(-1);
  dominator[root] = root;
  const intersect = (a: number, b: number): number => {
    let x = a;
    let y = b;
    while (x !== y) {
      while (x < y) x = at(dominator, x);
      while (y < x) y = at(dominator, y);
    }
    return x;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let v = root - 1; v >= 0; v--) {
      let candidate = -1;
      for (let p = at(predecessorCount, v); p < at(predecessorCount, v + 1); p++) {
        const u = at(predecessors, p);
        if (at(dominator, u) < 0) continue;
        candidate = candidate < 0 ? u : intersect(u, candidate);
      }
      if (candidate >= 0 && at(dominator, v) !== candidate) {
        dominator[v] = candidate;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(n);
  for (let v = 0; v < count; v++) retained[at(byOrder, v)] = at(snapshot.selfSize, at(byOrder, v));
  for (let v = 0; v < root; v++) {
    const node = at(byOrder, v);
    const owner = at(byOrder, at(dominator, v));
    retained[owner] = at(retained, owner) + at(retained, node);
  }
  const dominatorOf = new Int32Array(n).fill(-1);
  for (let v = 0; v < count; v++) dominatorOf[at(byOrder, v)] = at(byOrder, at(dominator, v));
  return { retained, dominator: dominatorOf };
}
