/**
 * The dependency graph of a form: which node (field, section, group rule, product, quantity, roles)
 * must be re-evaluated when another changes (spec §4 "Dependants are re-evaluated on change").
 * Built once per form structure; gives a topological order and reports cycles.
 */

/** A directed graph from each node to its dependants, with a topological order. */
export interface DependencyGraph {
  /** node -> nodes that read it */
  dependants: Map<string, string[]>;
  /** Position of each node in evaluation order. */
  rank: Map<string, number>;
  /** All nodes in evaluation order (dependencies first). */
  order: string[];
  /** Each cycle as the list of its nodes. */
  cycles: string[][];
}

/**
 * Builds the graph from `deps` (node -> the nodes it reads). Nodes in a cycle are ordered as they
 * came and evaluated once per pass, so a cycle can never loop forever.
 */
export function buildGraph(
  nodes: readonly string[],
  deps: ReadonlyMap<string, readonly string[]>,
): DependencyGraph {
  const dependants = new Map<string, string[]>();
  for (const n of nodes) dependants.set(n, []);
  for (const n of nodes)
    for (const d of deps.get(n) ?? []) {
      if (!dependants.has(d)) dependants.set(d, []);
      const list = dependants.get(d)!;
      if (!list.includes(n)) list.push(n);
    }
  const all = [...dependants.keys()];

  // Tarjan's strongly connected components, iterative so deep chains cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const sccs: string[][] = [];
  let counter = 0;
  for (const root of all) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const next = dependants.get(frame.node)!;
      if (frame.i < next.length) {
        const w = next[frame.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
      } else {
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1].node;
          low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
        }
        if (low.get(frame.node) === index.get(frame.node)) {
          const scc: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            scc.push(w);
          } while (w !== frame.node);
          sccs.push(scc);
        }
      }
    }
  }
  // Tarjan emits components in reverse topological order of the dependants graph.
  const order: string[] = [];
  const cycles: string[][] = [];
  for (let i = sccs.length - 1; i >= 0; i--) {
    const scc = sccs[i].reverse();
    if (scc.length > 1 || dependants.get(scc[0])!.includes(scc[0])) cycles.push(scc);
    order.push(...scc);
  }
  const rank = new Map<string, number>();
  order.forEach((n, i) => {
    rank.set(n, i);
  });
  return { dependants, rank, order, cycles };
}

/** A min-heap of nodes by rank: pops nodes in evaluation order, each once. */
export class RankQueue {
  private heap: number[] = [];
  private queued = new Set<number>();
  constructor(private readonly order: readonly string[]) {}
  push(rank: number | undefined): void {
    if (rank === undefined || this.queued.has(rank)) return;
    this.queued.add(rank);
    const h = this.heap;
    h.push(rank);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p] <= h[i]) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }
  pop(): string | undefined {
    const h = this.heap;
    if (!h.length) return undefined;
    const top = h[0];
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l] < h[m]) m = l;
        if (r < h.length && h[r] < h[m]) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    // A node may be queued again after it ran (a cycle reaching back); allow that once popped.
    this.queued.delete(top);
    return this.order[top];
  }
  get size(): number {
    return this.heap.length;
  }
}
