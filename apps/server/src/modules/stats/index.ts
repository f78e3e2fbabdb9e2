/** The admin dashboard's figures. Others use only the routes (app.ts). */
export { default as statsRoutes } from './routes';
