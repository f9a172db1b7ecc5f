import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { authToken, GraphQLClientError, graphqlRequest } from "./graphql-client";

/*
 * The client's side of the protocol against a small local server that answers as each test
 * needs (a real shop server is in server/api/graphql/client.db.test.ts).
 */

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

type Answer = (request: Received, response: ServerResponse) => void;

let server: Server;
let base: string;
let answer: Answer;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const entry = { path: request.url ?? "", headers: request.headers, body: JSON.parse(text) as Record<string, unknown> };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  received = [];
  vi.unstubAllGlobals();
});

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const query = "query Brands { brands { slug } }";
const data = { brands: [{ slug: "boxfield" }] };

describe("requests", () => {
  test("POST with accept */*, JSON content type, operationName, variables and the query's SHA-256 first", async () => {
    answer = (_request, response) => json(response, 200, { data });
    const fetching = vi.spyOn(globalThis, "fetch");
    await expect(
      graphqlRequest({ query, operationName: "Brands", variables: { first: 2 }, uri: `${base}/graphql` }),
    ).resolves.toEqual(data);
    // Cookies go along (the bag, a login), as SPEC §7 says: Node's fetch cannot show it, the call can.
    expect(fetching).toHaveBeenCalledWith(`${base}/graphql`, expect.objectContaining({ method: "POST", credentials: "include" }));
    fetching.mockRestore();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe("/graphql");
    expect(request!.headers.accept).toBe("*/*");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      operationName: "Brands",
      variables: { first: 2 },
      // SHA-256 of the query text, in hex: what the server compares with.
      extensions: { persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") } },
    });
  });

  test("PersistedQueryNotFound: the full query is sent again with its hash", async () => {
    answer = (request, response) =>
      request.body.query === undefined
        ? json(response, 404, {
            errors: [{ message: "PersistedQueryNotFound", extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } }],
          })
        : json(response, 200, { data });
    await expect(graphqlRequest({ query, operationName: "Brands", uri: `${base}/not-found` })).resolves.toEqual(data);
    expect(received.map((request) => Object.keys(request.body).sort())).toEqual([
      ["extensions", "operationName"],
      ["extensions", "operationName", "query"],
    ]);
    expect(received[1]!.body.query).toBe(query);
    expect(received[1]!.body.extensions).toEqual(received[0]!.body.extensions);
  });

  test("PersistedQueryNotSupported: the full query, and no more hashes for that server", async () => {
    const uri = `${base}/no-persisted-queries`;
    answer = (request, response) =>
      request.body.query === undefined
        ? json(response, 200, { errors: [{ message: "PersistedQueryNotSupported" }] })
        : json(response, 200, { data });
    await expect(graphqlRequest({ query, operationName: "Brands", uri })).resolves.toEqual(data);
    await expect(graphqlRequest({ query, operationName: "Brands", uri })).resolves.toEqual(data);
    expect(received.map((request) => Object.keys(request.body).sort())).toEqual([
      ["extensions", "operationName"],
      ["operationName", "query"],
      ["operationName", "query"],
    ]);
  });

  test("a bearer token when the visitor has one, from the auth cookie or else local storage", async () => {
    answer = (_request, response) => json(response, 200, { data });
    const call = () => graphqlRequest({ query, operationName: "Brands", uri: `${base}/graphql` });

    vi.stubGlobal("document", { cookie: "theme=dark; auth._token.local=Bearer%20cookie-jwt; other=1" });
    await call();
    vi.stubGlobal("document", { cookie: "theme=dark" });
    vi.stubGlobal("localStorage", { getItem: (key: string) => (key === "auth._token.local" ? "stored-jwt" : null) });
    await call();
    vi.stubGlobal("localStorage", { getItem: () => "false" });
    await call();
    expect(received.map((request) => request.headers.authorization)).toEqual([
      "Bearer cookie-jwt",
      "Bearer stored-jwt",
      undefined,
    ]);
  });
});

describe("authToken", () => {
  test("none without a browser, and none after a logout", () => {
    expect(authToken()).toBeNull();
    vi.stubGlobal("document", { cookie: "auth._token.local=false" });
    expect(authToken()).toBeNull();
  });

  test("storage that may not be used is no token, not an error", () => {
    vi.stubGlobal("document", { cookie: "" });
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(authToken()).toBeNull();
  });
});

describe("errors (SPEC §8)", () => {
  async function failure(uri: string): Promise<GraphQLClientError> {
    const error = await graphqlRequest({ query, operationName: "Brands", uri }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLClientError);
    return error as GraphQLClientError;
  }

  test("status 300 or above: 'Response not successful: Received status code {n}', with the body's errors", async () => {
    answer = (_request, response) => json(response, 500, { errors: [{ message: "Unexpected error." }] });
    const error = await failure(`${base}/graphql`);
    expect(error.message).toBe("Response not successful: Received status code 500");
    expect(error).toMatchObject({ kind: "status", status: 500, graphQLErrors: [{ message: "Unexpected error." }] });

    answer = (_request, response) => json(response, 300, { data });
    expect((await failure(`${base}/graphql`)).message).toBe("Response not successful: Received status code 300");
  });

  test("a body that is not JSON: a parse error", async () => {
    answer = (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><p>Maintenance</p>");
    };
    const error = await failure(`${base}/graphql`);
    expect(error.kind).toBe("parse");
    expect(error.message).toMatch(/^The server's response is not JSON: /);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  test("neither data nor errors: 'Server response was missing for query {operation}'", async () => {
    for (const body of [{}, null, [], { extensions: {} }]) {
      answer = (_request, response) => json(response, 200, body);
      const error = await failure(`${base}/graphql`);
      expect(error.message, JSON.stringify(body)).toBe("Server response was missing for query Brands");
      expect(error.kind).toBe("missing");
    }
  });

  test("GraphQL errors are logged to the console and the call rejects with them", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const errors = [
      { message: "pageSize must be a whole number from 1 to 100", path: ["products"], extensions: { code: "BAD_USER_INPUT" } },
    ];
    answer = (_request, response) => json(response, 200, { data: null, errors });
    const error = await failure(`${base}/graphql`);
    expect(error).toMatchObject({ kind: "graphql", message: errors[0]!.message, graphQLErrors: errors, status: 200 });
    expect(logged).toHaveBeenCalledWith("[GraphQL error] Brands: pageSize must be a whole number from 1 to 100", {
      path: ["products"],
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  test("an aborted request rejects with the abort, and nothing is logged", async () => {
    answer = (_request, response) => setTimeout(() => json(response, 200, { data }), 2_000);
    const controller = new AbortController();
    const pending = graphqlRequest({ query, operationName: "Brands", uri: `${base}/slow`, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
