// @ts-check
// Vite adapter: `npm start` serves the example pages and the demo shop from one dev server.
import { createDemoServer } from './index.mjs';

/** @returns {import('vite').Plugin} */
export function demoShop(options = {}) {
  const server = createDemoServer(options);
  const attach = (/** @type {any} */ middlewares) =>
    middlewares.use(
      async (/** @type {any} */ req, /** @type {any} */ res, /** @type {() => void} */ next) => {
        try {
          if (await server.handle(req, res)) return;
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
          return;
        }
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        for (const [k, v] of Object.entries(server.headersFor(pathname))) res.setHeader(k, v);
        next();
      },
    );
  return {
    name: 'demo-shop',
    configureServer: (vite) => attach(vite.middlewares),
    configurePreviewServer: (preview) => attach(preview.middlewares),
  };
}
