// @ts-check
// Placeholder until the demo shop lands (issue 2 §6): answers nothing.
export function createShop(_options = {}) {
  return { handle: async (/** @type {any} */ _req, /** @type {any} */ _res) => false };
}
