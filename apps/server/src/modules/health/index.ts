/** Readiness and liveness checks. Others use only the routes (app.ts). */
export { default as healthRoutes } from './routes';
