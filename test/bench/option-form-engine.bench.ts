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

describe('bench: option-form engine', () => {
  it(`one change on ${FIELDS} fields / ${RULES} rules / ${FORMULAS} formulas`, () => {
    const form = generateForm(42, FIELDS, RULES, FORMULAS, 20);
    const t0 = performance.now();
    const engine = createFormEngine(form, { product_price: 25, quantity: 1 }, {});
    const build = performance.now() - t0;
    const rand = rng(1);
    const incremental: number[] = [];
    const full: number[] = [];
    let touched = 0;
    // Warm up both paths so the JIT has compiled them.
    for (let i = 0; i < 50; i++) {
      const id = Math.floor(rand() * FIELDS);
      engine.update({ type: 'value', id: `f${id}`, value: valueFor(id, rand()) });
      engine.recomputeAll();
    }
    // Per-change timings, plus batch totals (browsers round performance.now() to ~0.1 ms).
    let batchIncremental = 0;
    let batchFull = 0;
    for (let i = 0; i < RUNS; i++) {
      const id = Math.floor(rand() * FIELDS);
      const value = valueFor(id, rand());
      let t = performance.now();
      const r = engine.update({ type: 'value', id: `f${id}`, value });
      const dInc = performance.now() - t;
      incremental.push(dInc);
      batchIncremental += dInc;
      touched += r.fields.length;
      t = performance.now();
      engine.recomputeAll();
      const dFull = performance.now() - t;
      full.push(dFull);
      batchFull += dFull;
    }
    const inc = batchIncremental / RUNS;
    const all = batchFull / RUNS;
    console.log(
      [
        `option-form engine: ${FIELDS} fields, ${RULES} rules, ${FORMULAS} formulas, ${RUNS} changes`,
        `  build (parse + graph + first pass): ${build.toFixed(2)} ms`,
        `  incremental update: mean ${inc.toFixed(3)} ms, median ${median(incremental).toFixed(3)} ms, p95 ${p95(incremental).toFixed(3)} ms (avg ${(touched / RUNS).toFixed(1)} fields changed)`,
        `  full recompute:     mean ${all.toFixed(3)} ms, median ${median(full).toFixed(3)} ms, p95 ${p95(full).toFixed(3)} ms`,
        `  ratio full / incremental (means): ${(all / inc).toFixed(1)}x`,
      ].join('\n'),
    );
  });
});
