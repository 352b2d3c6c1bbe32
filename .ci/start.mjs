// `npm start`: installs npm packages if missing, then serves the example pages and the demo shop.
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
console.log('Demo storefront: http://localhost:5173/examples/ (demo shop: http://localhost:5173/shop/)');
const vite = spawn('npx', ['vite', '--host', '127.0.0.1', ...process.argv.slice(2)], { stdio: 'inherit' });
vite.on('exit', (code) => process.exit(code ?? 0));
