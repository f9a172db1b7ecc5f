import pg from "pg";

/** The URL of database `name` on the PostgreSQL server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the PostgreSQL server at `url` (creating and dropping databases). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  await adminRows(url, statement);
}

/** Runs one query on the PostgreSQL server at `url` and returns its rows. */
export async function adminRows<Row>(url: string, query: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as Row[];
  } finally {
    await client.end();
  }
}
