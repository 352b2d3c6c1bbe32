// What the placement hook uses of Floating UI, as the lazy chunk it imports (issue 19): naming
// the functions lets the bundler leave the rest of the package out.
export { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
