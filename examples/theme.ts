// The theme example page's own controls (the behaviours themselves are installed by the
// autoloader): the current breakpoint (shared/breakpoints.ts) and a chunk load that fails.
import { watchBreakpoint } from '../shared/breakpoints.ts';
import { ChunkLoadError, loadScript } from '../shared/chunk-load.ts';

const breakpoint = document.querySelector<HTMLOutputElement>('#breakpoint');
watchBreakpoint((now) => {
  if (breakpoint) breakpoint.textContent = now;
});

const result = document.querySelector<HTMLOutputElement>('#chunk-result');
document.querySelector('#load-chunk')?.addEventListener('click', () => {
  if (result) result.textContent = 'Loading…';
  loadScript('demo', `/examples/missing-chunk.js?${Date.now()}`).then(
    () => {
      if (result) result.textContent = 'Loaded (unexpected)';
    },
    (error: unknown) => {
      if (result)
        result.textContent =
          error instanceof ChunkLoadError ? `${error.name} (${error.type}): ${error.message}` : String(error);
    },
  );
});
