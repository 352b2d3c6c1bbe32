// @ts-check
// web-test-runner (koa) adapter for the demo server.
import { createDemoServer } from './index.mjs';

export function shopMiddleware(options = {}) {
  const server = createDemoServer(options);
  return [
    /** @param {any} ctx @param {() => Promise<void>} next */
    async (ctx, next) => {
      if (await server.handle(ctx.req, ctx.res)) {
        ctx.respond = false;
        return;
      }
      await next();
      for (const [k, v] of Object.entries(server.headersFor(ctx.path))) ctx.set(k, v);
    },
  ];
}
