import { expect } from '@open-wc/testing';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  lazyModule,
  loadChunk,
  loadScript,
} from '../../shared/chunk-load.ts';
import { fakeClock } from '../helpers/clock.ts';

/** spec §8: ChunkLoadError (type missing, timeout or error), 'Loading chunk {n} failed', 120 s. */
const FIXTURE = '/test/shared/fixtures/chunk-fixture.js';
const runs = () => (globalThis as { chunkFixtureRuns?: number }).chunkFixtureRuns ?? 0;

async function failure(promise: Promise<unknown>): Promise<ChunkLoadError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ChunkLoadError);
    return error as ChunkLoadError;
  }
  throw new Error('expected a ChunkLoadError');
}

describe('chunk loading', () => {
  it('resolves with what the import gives', async () => {
    const module = await loadChunk(3, () => import('../../shared/breakpoints.ts'), { clock: fakeClock() });
    expect(module.DESKTOP_MIN_WIDTH).to.equal(850);
  });

  it('a failed import is a ChunkLoadError of type error, named as webpack names it', async () => {
    const error = await failure(
      loadChunk(7, () => import(/* @vite-ignore */ `/nowhere-${Date.now()}.js`), { clock: fakeClock() }),
    );
    expect(error.name).to.equal('ChunkLoadError');
    expect(error.type).to.equal('error');
    expect(error.message).to.match(/^Loading chunk 7 failed/);
    expect(error.chunk).to.equal(7);
    expect(error.cause).to.exist;
  });

  it('what arrives without what was asked for is missing', async () => {
    const error = await failure(
      loadChunk('count-up', async () => ({}) as { start?: () => void }, {
        clock: fakeClock(),
        check: (m) => typeof m.start === 'function',
      }),
    );
    expect(error.type).to.equal('missing');
    expect(error.message).to.match(/^Loading chunk count-up failed/);
  });

  it('times out after 120 s, and a late answer is ignored', async () => {
    const clock = fakeClock();
    let answer: (v: string) => void = () => {};
    const loading = loadChunk('slow', () => new Promise<string>((resolve) => (answer = resolve)), { clock });
    clock.tick(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    loading.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).to.equal(false);
    clock.tick(1);
    const error = await failure(loading);
    expect(error.type).to.equal('timeout');
    expect(CHUNK_TIMEOUT_MS).to.equal(120000);
    answer('late');
    expect(clock.pending).to.equal(0);
  });

  it('loads a script once, however often it is asked for', async () => {
    const before = runs();
    const src = `${FIXTURE}?once=${Date.now()}`;
    const first = loadScript('fixture', src, { clock: fakeClock() });
    const second = loadScript('fixture', src, { clock: fakeClock() });
    expect(second).to.equal(first);
    await first;
    expect(runs()).to.equal(before + 1);
    expect(document.querySelectorAll(`script[src$="${src}"]`)).to.have.length(1);
  });

  it('a script that 404s is an error; one that runs without providing its global is missing', async () => {
    const error = await failure(loadScript(12, `/nowhere-${Date.now()}.js`, { clock: fakeClock() }));
    expect(error.type).to.equal('error');
    expect(error.message).to.match(/^Loading chunk 12 failed\.\n\(error: http/);
    const missing = await failure(
      loadScript(13, `${FIXTURE}?missing=${Date.now()}`, { clock: fakeClock(), check: () => false }),
    );
    expect(missing.type).to.equal('missing');
  });

  it('a script that does not answer within 120 s times out and is removed', async () => {
    const clock = fakeClock();
    const src = `${FIXTURE}?timeout=${Date.now()}`;
    const loading = loadScript(14, src, { clock });
    expect(document.querySelector(`script[src$="${src}"]`)).to.exist;
    clock.tick(CHUNK_TIMEOUT_MS);
    const error = await failure(loading);
    expect(error.type).to.equal('timeout');
    expect(document.querySelector(`script[src$="${src}"]`)).to.equal(null);
  });

  it('an unsafe URL is refused without a request', async () => {
    const error = await failure(loadScript(15, 'javascript:alert(1)', { clock: fakeClock() }));
    expect(error.type).to.equal('error');
    expect(document.querySelector('script[src^="javascript:"]')).to.equal(null);
  });

  describe('lazyModule (code loaded on first need)', () => {
    it('loads once, then answers synchronously', async () => {
      let imports = 0;
      const lazy = lazyModule(() => {
        imports++;
        return import('../../shared/breakpoints.ts');
      });
      expect(lazy.loaded()).to.equal(undefined);
      lazy.preload();
      const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
      expect(a === b).to.equal(true);
      expect(lazy.loaded()?.DESKTOP_MIN_WIDTH).to.equal(850);
      await lazy.load();
      expect(imports).to.equal(1);
    });

    it('a failed load (a ChunkLoadError through loadChunk) is tried again on the next call', async () => {
      let imports = 0;
      const lazy = lazyModule(() =>
        loadChunk('flaky', () => {
          imports++;
          return imports === 1
            ? import(/* @vite-ignore */ `/nowhere-${Date.now()}.js`)
            : import('../../shared/breakpoints.ts');
        }),
      );
      const error = await failure(lazy.load());
      expect(error.message).to.match(/^Loading chunk flaky failed/);
      expect(lazy.loaded()).to.equal(undefined);
      expect((await lazy.load()).DESKTOP_MIN_WIDTH).to.equal(850);
      expect(imports).to.equal(2);
    });

    it('takes another loader for a test, and the import back', async () => {
      const lazy = lazyModule(() => import('../../shared/breakpoints.ts'));
      const restore = lazy.setLoader(() => Promise.reject(new Error('offline')));
      let failed = false;
      await lazy.load().catch(() => {
        failed = true;
      });
      expect(failed).to.equal(true);
      restore();
      expect((await lazy.load()).DESKTOP_MIN_WIDTH).to.equal(850);
    });
  });
});
