/**
 * Compares V8 heap snapshots of one process taken over time (e.g. the soak's, SOAK_HEAP_SNAPSHOTS):
 *
 *   node --max-old-space-size=4096 bench/heap-diff.ts <first> [<middle> …] <last>
 *
 * Prints, as Markdown: totals per V8 node type in each snapshot; the classes (constructor or
 * internal kind, heap-snapshot.ts) whose count and self size changed most from the first to the
 * last; the objects whose retained size grew most (matched by id), with their retainer paths;
 * and the objects allocated between the first and the second snapshot that are still alive in the
 * last (what a leak keeps, minus what was merely in flight at one instant), by class, with the
 * retainer paths that hold most of them. Node's own C++ objects (type native) get new ids in
 * every snapshot, so they are left out of the last two. HEAP_DIFF_TOP (default 30) rows per table.
 *
 * A retained size also grows when a second path to what it holds goes away (the API's 378 KB
 * OpenAPI JSON counted under the router in one snapshot and not in the one before, where a
 * request in flight held it too): look at the classes' totals first.
 */
import { basename } from 'node:path';
import {
  classOf,
  type HeapSnapshot,
  readHeapSnapshot,
  retainedSizes,
  retainerPath,
  retainerTree,
  typeOf,
} from './heap-snapshot.ts';
import { numberSetting } from './lib.ts';

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error('usage: node --max-old-space-size=4096 bench/heap-diff.ts <first> [<middle> …] <last>');
  process.exit(2);
}
const top = numberSetting('HEAP_DIFF_TOP', 30);
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

interface Totals {
  count: number;
  size: number;
}

/** Count and self size per key. */
function tally(snapshot: HeapSnapshot, key: (node: number) => string): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (let node = 0; node < snapshot.nodeCount; node++) {
    const name = key(node);
    const entry = totals.get(name) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += snapshot.selfSize[node] as number;
    totals.set(name, entry);
  }
  return totals;
}

const snapshots: HeapSnapshot[] = [];
for (const file of files) {
  const started = performance.now();
  const snapshot = readHeapSnapshot(file);
  snapshots.push(snapshot);
  console.error(
    `read ${basename(file)}: ${snapshot.nodeCount} nodes in ${Math.round(performance.now() - started)} ms`,
  );
}
const first = snapshots[0] as HeapSnapshot;
const last = snapshots.at(-1) as HeapSnapshot;

console.log(
  `# Heap snapshots compared\n\n${files.map((file, i) => `${i + 1}. ${basename(file)}`).join('\n')}\n`,
);

const byType = snapshots.map((snapshot) => tally(snapshot, (node) => typeOf(snapshot, node)));
for (const [i, totals] of byType.entries()) {
  const all = [...totals.values()].reduce(
    (sum, entry) => ({ count: sum.count + entry.count, size: sum.size + entry.size }),
    { count: 0, size: 0 },
  );
  totals.set('all', all);
  console.log(`#${i + 1}: ${all.count} nodes, ${kb(all.size)} KB self in all`);
}
const byClass = snapshots.map((snapshot) => tally(snapshot, (node) => classOf(snapshot, node)));
printTotalsTable('Per node type (count, self KB)', byType, Number.POSITIVE_INFINITY);
printTotalsTable('Classes whose self size changed most, first to last (count, self KB)', byClass, top);

console.error('retained sizes…');
const retainedFirst = retainedSizes(first);
const retainedLast = retainedSizes(last);
const treeLast = retainerTree(last);
printRetainedGrowth();
if (snapshots.length >= 2) printSurvivors();

/**
 * Whether the node's id is the same object's in every snapshot: not for the embedder's (Node's
 * C++) nodes, which get new ids in each snapshot, nor the synthetic roots.
 */
function idsStable(snapshot: HeapSnapshot, node: number): boolean {
  const type = typeOf(snapshot, node);
  return type !== 'native' && type !== 'synthetic';
}

function printTotalsTable(title: string, tallies: Map<string, Totals>[], rows: number): void {
  const names = new Set(tallies.flatMap((totals) => [...totals.keys()]));
  const change = (name: string) =>
    (tallies.at(-1)?.get(name)?.size ?? 0) - (tallies[0]?.get(name)?.size ?? 0);
  const sorted = [...names]
    .filter((name) => change(name) !== 0)
    .sort((a, b) => Math.abs(change(b)) - Math.abs(change(a)))
    .slice(0, rows);
  console.log(`\n## ${title}\n`);
  console.log(`| class | ${tallies.map((_, i) => `#${i + 1}`).join(' | ')} | change |`);
  console.log(`|:--|${tallies.map(() => '--:').join('|')}|--:|`);
  for (const name of sorted) {
    const cells = tallies.map((totals) => {
      const entry = totals.get(name);
      return entry ? `${entry.count} / ${kb(entry.size)}` : '–';
    });
    const countChange = (tallies.at(-1)?.get(name)?.count ?? 0) - (tallies[0]?.get(name)?.count ?? 0);
    console.log(
      `| ${name.replaceAll('|', '\\|')} | ${cells.join(' | ')} | ${signed(countChange)} / ${signed(kb(change(name)))} |`,
    );
  }
}

/** Objects in both the first and the last snapshot whose retained size grew most. */
function printRetainedGrowth(): void {
  const growth: { node: number; before: number; after: number }[] = [];
  for (let node = 1; node < last.nodeCount; node++) {
    if (!idsStable(last, node)) continue;
    const before = first.indexById.get(last.nodeId[node] as number);
    if (before === undefined) continue;
    const delta = (retainedLast[node] as number) - (retainedFirst[before] as number);
    if (delta > 16_384)
      growth.push({ node, before: retainedFirst[before] as number, after: retainedLast[node] as number });
  }
  growth.sort((a, b) => b.after - b.before - (a.after - a.before));
  console.log('\n## Objects whose retained size grew most, first to last (KB)\n');
  console.log('| object | retained first → last | retainer path in the last |');
  console.log('|:--|--:|:--|');
  for (const { node, before, after } of growth.slice(0, top)) {
    console.log(
      `| ${classOf(last, node).replaceAll('|', '\\|')} @${last.nodeId[node]} | ${kb(before)} → ${kb(after)} | ${retainerPath(last, treeLast, node).replaceAll('|', '\\|')} |`,
    );
  }
}

/**
 * Objects new in the second snapshot (not in the first) and alive in the last: by class, and for
 * the largest classes the retainer paths (nearest steps) holding most of their bytes.
 */
function printSurvivors(): void {
  const middle = snapshots[1] as HeapSnapshot;
  const label =
    snapshots.length > 2 ? 'new in #2 (not in #1) and alive in the last' : 'new in #2 (not in #1)';
  const groups = new Map<string, { count: number; size: number; paths: Map<string, Totals> }>();
  for (let node = 0; node < last.nodeCount; node++) {
    const id = last.nodeId[node] as number;
    if (!idsStable(last, node) || first.indexById.has(id) || !middle.indexById.has(id)) continue;
    const name = classOf(last, node);
    const group = groups.get(name) ?? { count: 0, size: 0, paths: new Map() };
    const size = last.selfSize[node] as number;
    group.count += 1;
    group.size += size;
    const path = retainerPath(last, treeLast, node, 6);
    const pathTotals = group.paths.get(path) ?? { count: 0, size: 0 };
    pathTotals.count += 1;
    pathTotals.size += size;
    group.paths.set(path, pathTotals);
    groups.set(name, group);
  }
  const sorted = [...groups].sort((a, b) => b[1].size - a[1].size);
  const total = sorted.reduce((sum, [, group]) => sum + group.size, 0);
  const count = sorted.reduce((sum, [, group]) => sum + group.count, 0);
  console.log(`\n## Objects ${label}: ${count} objects, ${kb(total)} KB self\n`);
  console.log('| class | count | self KB | retainer paths holding most (count / KB) |');
  console.log('|:--|--:|--:|:--|');
  for (const [name, group] of sorted.slice(0, top)) {
    const paths = [...group.paths]
      .sort((a, b) => b[1].size - a[1].size)
      .slice(0, 3)
      .map(([path, totals]) => `${totals.count} / ${kb(totals.size)}: ${path}`)
      .join('<br>');
    console.log(
      `| ${name.replaceAll('|', '\\|')} | ${group.count} | ${kb(group.size)} | ${paths.replaceAll('|', '\\|')} |`,
    );
  }
}
