/** Every route path of the app, defined once, with the server (packages/shared/src/paths.ts). */
export { categoryPath, orderPath, paths, productPath, quotePath } from '@pumpkart/shared';
