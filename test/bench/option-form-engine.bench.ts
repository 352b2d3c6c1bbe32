// Benchmark (not pass/fail): one change on a generated option form of 1,000 fields, 300
// conditional rules and 100 formulas, with the incremental engine and with a full recompute,
// measured in the same run. Target: <= 2 ms per change and >= 10x faster than the full recompute.
import { createFormEngine } from '../../elements/shop-option-form/engine/index.ts';
import { generateForm, rng, valueFor } from '../elements/shop-option-form/generate.ts';

const FIELDS = 1000;
const RULES = 300;
const FORMULAS = 100;
const RUNS = 400;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * 0.95)];
}

const BATCH = 20;

describe('bench: option-form engine', () => {
  it(`one change on ${FIELDS} fields / ${RULES} rules / ${FORMULAS} formulas`, () => {
    const form = generateForm(42, FIELDS, RULES, FORMULAS, 20);
    const t0 = performance.now();
    const engine = createFormEngine(form, { product_price: 25, quantity: 1 }, {});
    const build = performance.now() - t0;
    const rand = rng(1);
    const changes = Array.from({ length: RUNS }, () => {
      const id = Math.floor(rand() * FIELDS);
      return { type: 'value' as const, id: `f${id}`, value: valueFor(id, rand()) };
    });
    // Warm up both paths so the JIT has compiled them.
    for (const change of changes.slice(0, 50)) {
      engine.update(change);
      engine.recomputeAll();
    }
    // Timed in batches of BATCH changes (Chromium rounds performance.now() to 0.1 ms, so a single
    // update of a few microseconds reads 0): the per-change figure is the batch time / BATCH.
    const incremental: number[] = [];
    const full: number[] = [];
    let touched = 0;
    for (let b = 0; b < RUNS / BATCH; b++) {
      const batch = changes.slice(b * BATCH, (b + 1) * BATCH);
      let t = performance.now();
      for (const change of batch) touched += engine.update(change).fields.length;
      incremental.push((performance.now() - t) / BATCH);
      t = performance.now();
      for (let i = 0; i < BATCH; i++) engine.recomputeAll();
      full.push((performance.now() - t) / BATCH);
    }
    // What the element adds to each change: the posted pairs (formData) for the host form.
    let t = performance.now();
    for (let i = 0; i < RUNS; i++) engine.formData();
    const pairs = (performance.now() - t) / RUNS;
    t = performance.now();
    for (let i = 0; i < RUNS; i++) engine.state();
    const projection = (performance.now() - t) / RUNS;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      [
        `option-form engine: ${FIELDS} fields, ${RULES} rules, ${FORMULAS} formulas, ${RUNS} changes in batches of ${BATCH}`,
        `  build (parse + graph + first pass): ${build.toFixed(2)} ms`,
        `  incremental update: mean ${mean(incremental).toFixed(4)} ms, median batch ${median(incremental).toFixed(4)} ms, p95 batch ${p95(incremental).toFixed(4)} ms per change (avg ${(touched / RUNS).toFixed(1)} fields changed)`,
        `  full recompute:     mean ${mean(full).toFixed(3)} ms, median batch ${median(full).toFixed(3)} ms, p95 batch ${p95(full).toFixed(3)} ms per change`,
        `  ratio full / incremental (means): ${(mean(full) / mean(incremental)).toFixed(1)}x`,
        `  formData (posted pairs): ${pairs.toFixed(3)} ms; whole projection (state()): ${projection.toFixed(3)} ms`,
      ].join('\n'),
    );
  });
});
