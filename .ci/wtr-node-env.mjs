// Libraries such as nanostores read `process.env.NODE_ENV` (a bundler define). Vite replaces it
// at build time; in web-test-runner this plugin does the same for served JavaScript.
export function nodeEnvPlugin({ mode = 'development' } = {}) {
  return {
    name: 'node-env',
    transform(context) {
      if (!context.response.is('js')) return;
      const body = context.body;
      if (typeof body === 'string' && body.includes('process.env.NODE_ENV')) {
        return { body: body.replaceAll('process.env.NODE_ENV', JSON.stringify(mode)) };
      }
    },
  };
}
