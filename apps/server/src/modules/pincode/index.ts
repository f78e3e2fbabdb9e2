/** Offline postal-code lookup. Others use only the routes (app.ts). */
export { default as pincodeRoutes } from './routes';
