/** PostgreSQL URLs for the test suite: the server's maintenance database and per-run databases. */
export const TEST_DB_PREFIX = 'pumpkart_test_';

/** The same server, database 'postgres' (to create and drop databases). */
export function adminUrl(serverUrl: string): string {
  return databaseUrl(serverUrl, 'postgres');
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
