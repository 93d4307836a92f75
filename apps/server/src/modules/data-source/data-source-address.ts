/** Where a data source's URL points: the parts a connection takes, the host as it is judged. */
export interface DataSourceAddress {
  /** Lower case, an IPv4 address in dotted form however it was written (0x7f.1 is 127.0.0.1), IPv6 in brackets. */
  hostname: string;
  port: number;
  database: string;
  /** `?sslmode=require`. */
  ssl: boolean;
}

/**
 * The parts of `postgres://host[:port]/database[?sslmode=require]` (the contract's form); throws
 * when it is not one. The host is parsed as an http URL's is, so numeric, hex and short IPv4 forms
 * become the address they are.
 */
export function parseDataSourceUrl(url: string): DataSourceAddress {
  const parsed = new URL(url);
  if (!/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname) throw new Error('not a postgres:// URL');
  return {
    hostname: new URL(`http://${parsed.hostname}/`).hostname,
    port: parsed.port ? Number(parsed.port) : 5432,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    ssl: parsed.searchParams.get('sslmode') === 'require',
  };
}

/**
 * The address a stored password is bound to: host, port and database. The password is sealed for
 * it and opens only for it (lib/secret-box.ts); another address needs the password again.
 */
export const passwordAddress = (url: string): string => {
  const { hostname, port, database } = parseDataSourceUrl(url);
  return `postgres://${hostname}:${port}/${database}`;
};
