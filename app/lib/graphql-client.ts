/*
 * The browser's GraphQL client (SPEC §7-8), small on purpose: features load it with import()
 * when they first need it, so it is never part of a first page load (ADR 16).
 *
 * A request first sends only the query's SHA-256 (automatic persisted queries); when the server
 * answers PersistedQueryNotFound it sends the full query with the hash, which the server then
 * remembers. A server that answers PersistedQueryNotSupported gets full queries for the rest of
 * the session.
 */

export interface GraphQLRequest<V> {
  query: string;
  operationName: string;
  variables?: V;
  /** Defaults to /graphql (SPEC §9). */
  uri?: string;
  signal?: AbortSignal;
}

/** One entry of a response's `errors`, as the server sent it. */
export interface GraphQLErrorEntry {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export type GraphQLClientErrorKind = "status" | "parse" | "missing" | "graphql";

/** Why a request gave no data: a bad status, a body that is not JSON, an empty answer, or GraphQL errors. */
export class GraphQLClientError extends Error {
  override name = "GraphQLClientError";
  readonly kind: GraphQLClientErrorKind;
  /** The errors the server listed, when its body had any. */
  readonly graphQLErrors: GraphQLErrorEntry[];
  /** The HTTP status of the answer. */
  readonly status: number;

  constructor(
    kind: GraphQLClientErrorKind,
    message: string,
    details: { status: number; graphQLErrors?: GraphQLErrorEntry[]; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.graphQLErrors = details.graphQLErrors ?? [];
  }
}

const DEFAULT_URI = "/graphql";
/** Where the accounts' login keeps its token (SPEC §9: storage prefix "auth.", strategy local). */
const TOKEN_KEY = "auth._token.local";
const NO_PERSISTED_QUERIES_KEY = "graphql.noPersistedQueries";

/** Resolves to the operation's data; rejects with a GraphQLClientError (or the fetch's own error, such as an abort). */
export async function graphqlRequest<T, V = Record<string, unknown>>(request: GraphQLRequest<V>): Promise<T> {
  const uri = request.uri ?? DEFAULT_URI;
  const { query, operationName, variables } = request;
  const hash = supportsPersistedQueries(uri) ? await sha256(query) : null;
  const persisted = hash === null ? undefined : { persistedQuery: { version: 1, sha256Hash: hash } };

  let answer = await send(
    uri,
    persisted ? { operationName, variables, extensions: persisted } : { operationName, variables, query },
    request.signal,
  );
  const miss = persisted ? persistedQueryMiss(answer.body) : null;
  if (miss === "PersistedQueryNotSupported") {
    rememberNoPersistedQueries(uri);
    answer = await send(uri, { operationName, variables, query }, request.signal);
  } else if (miss === "PersistedQueryNotFound") {
    answer = await send(uri, { operationName, variables, query, extensions: persisted }, request.signal);
  }
  return dataOf<T>(answer, operationName);
}

interface Answer {
  status: number;
  body: unknown;
  parseError: SyntaxError | null;
}

async function send(uri: string, body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Answer> {
  const headers: Record<string, string> = { accept: "*/*", "content-type": "application/json" };
  const token = authToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(uri, { method: "POST", headers, body: JSON.stringify(body), credentials: "include", signal });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown, parseError: null };
  } catch (error) {
    return { status: response.status, body: undefined, parseError: error as SyntaxError };
  }
}

function errorsOf(body: unknown): GraphQLErrorEntry[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as GraphQLErrorEntry[]) : [];
}

/** Whether the server asked for the full query (whatever the status it answered with). */
function persistedQueryMiss(body: unknown): "PersistedQueryNotFound" | "PersistedQueryNotSupported" | null {
  for (const error of errorsOf(body)) {
    const code = error.extensions?.code;
    if (error.message === "PersistedQueryNotSupported" || code === "PERSISTED_QUERY_NOT_SUPPORTED")
      return "PersistedQueryNotSupported";
    if (error.message === "PersistedQueryNotFound" || code === "PERSISTED_QUERY_NOT_FOUND") return "PersistedQueryNotFound";
  }
  return null;
}

function dataOf<T>(answer: Answer, operationName: string): T {
  const { status, body } = answer;
  const graphQLErrors = errorsOf(body);
  if (status >= 300) {
    throw new GraphQLClientError("status", `Response not successful: Received status code ${status}`, { status, graphQLErrors });
  }
  if (answer.parseError) {
    throw new GraphQLClientError("parse", `The server's response is not JSON: ${answer.parseError.message}`, {
      status,
      cause: answer.parseError,
    });
  }
  const result = body as { data?: T | null; errors?: unknown } | null;
  if (typeof result !== "object" || result === null || (!("data" in result) && !("errors" in result))) {
    throw new GraphQLClientError("missing", `Server response was missing for query ${operationName}`, { status });
  }
  if (graphQLErrors.length > 0) {
    // SPEC §8: query errors are logged to the console.
    for (const error of graphQLErrors) {
      console.error(`[GraphQL error] ${operationName}: ${error.message}`, { path: error.path, extensions: error.extensions });
    }
    throw new GraphQLClientError("graphql", graphQLErrors[0]!.message, { status, graphQLErrors });
  }
  return result.data as T;
}

/**
 * The visitor's login token, when there is one (SPEC §6: a cookie, else local storage). It may
 * be stored with its type ("Bearer ...") or without; "false" is what a logout leaves.
 */
export function authToken(): string | null {
  let value: string | null = null;
  if (typeof document !== "undefined") {
    const cookie = document.cookie.split("; ").find((part) => part.startsWith(`${TOKEN_KEY}=`));
    if (cookie) value = safeDecode(cookie.slice(TOKEN_KEY.length + 1));
  }
  if (!value) value = storedItem("localStorage", TOKEN_KEY);
  const token = value?.replace(/^Bearer\s+/i, "").trim();
  return token && token !== "false" ? token : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An item of a Web Storage; null where there is none or it may not be used (privacy settings). */
function storedItem(kind: "localStorage" | "sessionStorage", key: string): string | null {
  try {
    return globalThis[kind]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const withoutPersistedQueries = new Set<string>();

function supportsPersistedQueries(uri: string): boolean {
  // crypto.subtle exists only on https (and localhost); elsewhere full queries it is.
  if (!globalThis.crypto?.subtle) return false;
  if (withoutPersistedQueries.has(uri)) return false;
  return storedItem("sessionStorage", `${NO_PERSISTED_QUERIES_KEY}:${uri}`) === null;
}

function rememberNoPersistedQueries(uri: string) {
  withoutPersistedQueries.add(uri);
  try {
    globalThis.sessionStorage?.setItem(`${NO_PERSISTED_QUERIES_KEY}:${uri}`, "1");
  } catch {
    // Storage full or refused: this page still remembers.
  }
}

const hashes = new Map<string, Promise<string>>();

/** The query's SHA-256 in hex, as the APQ protocol names queries; computed once per query text. */
function sha256(query: string): Promise<string> {
  let hash = hashes.get(query);
  if (!hash) {
    hash = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(query))
      .then((digest) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join(""));
    hashes.set(query, hash);
  }
  return hash;
}
