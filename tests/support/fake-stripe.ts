import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for Stripe (issue 11 §2), for Vitest and Playwright alike (nothing here may
 * import a test runner). It speaks the part of Stripe's HTTP API the shop's official client uses:
 *
 *   POST /v1/checkout/sessions                 (form-encoded, Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/{id}
 *   POST /v1/checkout/sessions/{id}/expire
 *   POST /v1/refunds                           (payment_intent, amount, expand[]=charge)
 *
 * and serves the hosted payment page (/pay/{id}) with three buttons: Pay, Fail (a payment that
 * settles later and then fails) and Cancel (back to the shop). It sends signed webhooks as Stripe
 * does (`Stripe-Signature: t=…,v1=…`); tests may hold them back and release them duplicated or
 * in reverse order (in process: hold()/release(); over HTTP, one session's:
 * POST /__control/sessions/{id}/hold and …/release).
 */

export interface FakeStripeOptions {
  /** whsec_…: the webhooks' signing secret. */
  webhookSecret: string;
  /** Where webhooks go: the shop's /webhooks/stripe address, or a function (an in-process app). */
  webhooks: string | ((body: string, signature: string) => Promise<number>);
}

export interface FakeEvent {
  id: string;
  type: string;
  body: string;
}

interface Session {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  mode: string;
  created: number;
  livemode: false;
  /** Not Stripe's: the payment intent's metadata, copied onto its charge. */
  intentMetadata: Record<string, string>;
}

interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>: STRIPE_API_URL, and the hosted page's origin. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Session>;
  /** Every event made, oldest first, whether delivered yet or not. */
  events: FakeEvent[];
  /** Every delivery attempt with the shop's answer. */
  deliveries: { id: string; type: string; status: number }[];
  /** Keep events back (instead of sending each at once) until release(). */
  hold(): void;
  /** Sends the held events, in order or reversed, each once or twice; stops holding. */
  release(options?: { reverse?: boolean; duplicate?: boolean }): Promise<void>;
  /** Sends an event again, as Stripe does when it was not acknowledged (or by mistake). */
  resend(eventId: string): Promise<number>;
  /** Sends a body with a signature of the test's choosing (a forged or stale one). */
  sendRaw(body: string, signature: string): Promise<number>;
  /** What the hosted page's buttons do, without a browser. */
  pay(sessionId: string): Promise<void>;
  fail(sessionId: string): Promise<void>;
  /** Stripe ending an open page on its own when its time is up. */
  expire(sessionId: string): Promise<void>;
  /** Every event sent so far has been answered. */
  settled(): Promise<void>;
  /** While true, refunds fail as in an outage before Stripe's API (503, nothing kept under the key), retries included. */
  refundsDown: boolean;
  /** How many requests reached the API (/v1/…) so far: a test bounds how often the shop asks. */
  requests: number;
  close(): Promise<void>;
}

/** Stripe's webhook signature: HMAC-SHA256 of `${timestamp}.${body}` under the secret. */
export function signWebhook(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const sessions = new Map<string, Session>();
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { body: string; status: number; answer: string }>();
  const events: FakeEvent[] = [];
  const deliveries: FakeStripe["deliveries"] = [];
  let held: FakeEvent[] | null = null;
  /** Events of single sessions kept back (a browser test asks over HTTP: /__control/…). */
  const heldBySession = new Map<string, FakeEvent[]>();
  const inFlight = new Set<Promise<unknown>>();
  let base = "";

  async function post(event: FakeEvent): Promise<number> {
    const signature = signWebhook(event.body, options.webhookSecret);
    const status = await postRaw(event.body, signature);
    deliveries.push({ id: event.id, type: event.type, status });
    return status;
  }

  async function postRaw(body: string, signature: string): Promise<number> {
    if (typeof options.webhooks === "function") return options.webhooks(body, signature);
    const response = await fetch(options.webhooks, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  function emit(type: string, object: unknown) {
    const event: FakeEvent = {
      id: id("evt"),
      type,
      body: JSON.stringify({
        id: "",
        object: "event",
        api_version: "2025-01-01",
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      }),
    };
    event.body = event.body.replace('"id":""', `"id":"${event.id}"`);
    events.push(event);
    const sessionId = (object as { id?: string }).id ?? "";
    const kept = heldBySession.get(sessionId);
    if (kept) {
      kept.push(event);
      return;
    }
    if (held) {
      held.push(event);
      return;
    }
    // Sent after the answer, as Stripe sends them: the shop never sees a webhook before its own call returns.
    const delivery = new Promise((resolve) => setImmediate(resolve)).then(() => post(event)).catch(() => 0);
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  const publicSession = (session: Session) => {
    const { intentMetadata: _, ...rest } = session;
    return rest;
  };

  function complete(session: Session, paid: boolean) {
    session.status = "complete";
    session.url = null;
    if (paid) {
      session.payment_status = "paid";
      session.payment_intent = id("pi");
      const charge: Charge = {
        id: id("ch"),
        object: "charge",
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: session.currency,
        payment_intent: session.payment_intent,
        metadata: session.intentMetadata,
      };
      charges.set(session.payment_intent, charge);
      emit("checkout.session.completed", publicSession(session));
    } else {
      // A method that settles later, and then fails.
      emit("checkout.session.completed", publicSession(session));
      emit("checkout.session.async_payment_failed", publicSession(session));
    }
  }

  function expireSession(session: Session) {
    session.status = "expired";
    session.url = null;
    emit("checkout.session.expired", publicSession(session));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: "api_error", message: String(error) } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const body = await readBody(request);
    const path = url.pathname;

    // What a browser test may ask for: a session's webhooks kept back, then sent.
    const control = /^\/__control\/sessions\/([A-Za-z0-9_]+)\/(hold|release)$/.exec(path);
    if (control && request.method === "POST") {
      const [, sessionId, verb] = control as unknown as [string, string, string];
      if (verb === "hold") heldBySession.set(sessionId, heldBySession.get(sessionId) ?? []);
      else {
        const kept = heldBySession.get(sessionId) ?? [];
        heldBySession.delete(sessionId);
        for (const event of kept) await post(event);
      }
      return send(response, 200, { ok: true });
    }

    // The hosted page and its buttons.
    const page = /^\/pay\/([A-Za-z0-9_]+)(?:\/(pay|fail|cancel))?$/.exec(path);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return html(response, 404, "<h1>No such payment</h1>");
      const action = page[2];
      if (!action && request.method === "GET") return html(response, 200, hostedPage(session));
      if (request.method !== "POST") return html(response, 405, "<h1>Method not allowed</h1>");
      if (action === "cancel") return redirect(response, session.cancel_url);
      if (session.status !== "open") return html(response, 410, "<h1>This payment page has expired</h1>");
      complete(session, action === "pay");
      return redirect(response, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    }

    if (!path.startsWith("/v1/"))
      return send(response, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    fake.requests += 1;
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    // An outage in front of Stripe's API: nothing runs, so nothing is kept under the request's key.
    if (fake.refundsDown && request.method === "POST" && path === "/v1/refunds") {
      return send(response, 503, { error: { type: "api_error", message: "Stripe is unavailable." } });
    }
    const form = parseForm(body);
    const key = request.headers["idempotency-key"];
    if (request.method === "POST" && typeof key === "string") {
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.body !== body) {
          return send(response, 400, {
            error: {
              type: "idempotency_error",
              message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        }
        response.writeHead(earlier.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return response.end(earlier.answer);
      }
      const answer = await api(request.method, path, form);
      idempotent.set(key, { body, status: answer.status, answer: JSON.stringify(answer.body) });
      return send(response, answer.status, answer.body);
    }
    const answer = await api(request.method ?? "GET", path, form);
    return send(response, answer.status, answer.body);
  }

  async function api(method: string, path: string, form: Form): Promise<{ status: number; body: unknown }> {
    const invalid = (message: string, param?: string) => ({
      status: 400,
      body: { error: { type: "invalid_request_error", message, param } },
    });
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const item = (form.line_items as Form[] | undefined)?.[0] as Form | undefined;
      const price = item?.price_data as Form | undefined;
      const amount = Number(price?.unit_amount) * Number(item?.quantity ?? 1);
      if (!Number.isInteger(amount) || amount <= 0)
        return invalid("Missing required param: line_items[0][price_data][unit_amount].", "line_items");
      const expiresAt = Number(form.expires_at ?? now() + 86_400);
      if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) {
        return invalid(
          "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          "expires_at",
        );
      }
      for (const field of ["success_url", "cancel_url"]) {
        if (typeof form[field] !== "string") return invalid(`Missing required param: ${field}.`, field);
      }
      const sessionId = id("cs");
      const session: Session = {
        id: sessionId,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: amount,
        currency: String(price?.currency ?? "eur"),
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        customer_email: (form.customer_email as string | undefined) ?? null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        success_url: form.success_url as string,
        cancel_url: form.cancel_url as string,
        expires_at: expiresAt,
        url: `${base}/pay/${sessionId}`,
        mode: String(form.mode ?? "payment"),
        created: now(),
        livemode: false,
        intentMetadata: ((form.payment_intent_data as Form | undefined)?.metadata as Record<string, string> | undefined) ?? {},
      };
      sessions.set(sessionId, session);
      return { status: 200, body: publicSession(session) };
    }
    const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)(\/expire)?$/.exec(path);
    if (one) {
      const session = sessions.get(one[1]!);
      if (!session)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: `No such checkout.session: '${one[1]}'` } },
        };
      if (one[2] && method === "POST") {
        if (session.status !== "open") return invalid(`This Checkout Session is ${session.status} and can no longer be expired.`);
        expireSession(session);
      }
      return { status: 200, body: publicSession(session) };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const charge = charges.get(String(form.payment_intent));
      if (!charge) return invalid(`No such payment_intent: '${String(form.payment_intent)}'`, "payment_intent");
      const amount = form.amount === undefined ? charge.amount - charge.amount_refunded : Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) {
        return invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded})`,
          "amount",
        );
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      emit("charge.refunded", { ...charge });
      const expand = Object.values((form.expand as Form | undefined) ?? {});
      return {
        status: 200,
        body: {
          id: id("re"),
          object: "refund",
          amount,
          currency: charge.currency,
          status: "succeeded",
          payment_intent: charge.payment_intent,
          charge: expand.includes("charge") ? { ...charge } : charge.id,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  function hostedPage(session: Session): string {
    const amount = new Intl.NumberFormat("en", { style: "currency", currency: session.currency.toUpperCase() }).format(
      session.amount_total / 100,
    );
    if (session.status !== "open")
      return `<!doctype html><title>Payment</title><h1>This payment page has ${session.status === "expired" ? "expired" : "been used"}</h1>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${amount}</title></head><body>
<h1>Pay ${amount}</h1><p>${escape(session.client_reference_id ?? "")} · ${escape(session.customer_email ?? "")}</p>
<form method="post" action="/pay/${session.id}/pay"><button>Pay</button></form>
<form method="post" action="/pay/${session.id}/fail"><button>Fail</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form>
</body></html>`;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: base,
    secretKey,
    webhookSecret: options.webhookSecret,
    sessions,
    events,
    deliveries,
    hold() {
      held ??= [];
    },
    async release(releaseOptions = {}) {
      const batch = held ?? [];
      held = null;
      const ordered = releaseOptions.reverse ? [...batch].reverse() : batch;
      for (const event of ordered) {
        await post(event);
        if (releaseOptions.duplicate) await post(event);
      }
    },
    async resend(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return post(event);
    },
    sendRaw: postRaw,
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      complete(session, true);
    },
    async fail(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      complete(session, false);
    },
    async expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      expireSession(session);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    refundsDown: false,
    requests: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}

type Form = { [key: string]: string | Form | Form[] };

/** Stripe's form encoding: `a[b][0][c]=v` into nested objects (arrays stay objects keyed by index). */
function parseForm(body: string): Form {
  const root: Form = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, "").split("[");
    let node: Form = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const k = key === "" ? String(Object.keys(node).length) : key;
      if (last) node[k] = value;
      else node = (node[k] ??= {}) as Form;
    });
  }
  // line_items as a list, as the handler reads it.
  if (root.line_items && typeof root.line_items === "object") root.line_items = Object.values(root.line_items) as Form[];
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  response.end(JSON.stringify(body));
}

function html(response: ServerResponse, status: number, markup: string) {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.end(markup);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location });
  response.end();
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
