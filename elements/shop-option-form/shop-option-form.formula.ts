/**
 * The formula language as the option form's lazy chunk (`dist/shop-option-form.formula.js`):
 * imported only by `shop-option-form.formula-loader.ts`, for forms whose definition uses formulas.
 */
export { formulaRuntime } from './engine/formula.ts';
