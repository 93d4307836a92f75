import pg from 'pg';

/** TEST_DATABASE_URL, the PostgreSQL server the tests make their databases on. */
export const testServerUrl = (): string => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return serverUrl;
};

/** Runs one statement on its own connection to the server (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminStatement(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of `serverUrl`. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
