/** Favorites: a set of product ids per user. Others use only the routes (app.ts). */
export { default as favoriteRoutes } from './routes';
