// The bench's look inside a server it started with the inspector on (NODE_OPTIONS=--inspect on
// 127.0.0.1): a full garbage collection before its memory is read, so what is measured is what
// the server keeps, not garbage a collection would have freed at some moment, and the V8 heap's
// own figures beside the resident memory. Chrome DevTools Protocol over the `ws` package.
import WebSocket from "ws";
import { freePort } from "../tests/support/shop-server.ts";
import { assertLocal, getLocal, LOCAL_HOST } from "./local-http.ts";

/** NODE_OPTIONS for a server the bench will look into, and where its inspector listens. */
export async function inspectorOptions(): Promise<{ port: number; nodeOptions: string }> {
  const port = await freePort();
  return { port, nodeOptions: `${process.env.NODE_OPTIONS ?? ""} --inspect=${LOCAL_HOST}:${port}`.trim() };
}

export interface ServerMemory {
  /** process.memoryUsage() inside the server, after a full collection. */
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** One DevTools session with the server: commands answered in turn. */
export class ServerInspector {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    socket.on("close", () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error("The inspector closed"));
      this.pending.clear();
    });
  }

  static async open(port: number): Promise<ServerInspector> {
    const list = await getLocal(`http://${LOCAL_HOST}:${port}/json/list`, 10_000);
    const target = (JSON.parse(list.body.toString("utf8")) as { webSocketDebuggerUrl: string }[])[0];
    if (!target) throw new Error(`The server's inspector on port ${port} lists no target`);
    const url = new URL(target.webSocketDebuggerUrl);
    assertLocal(`http://${url.host}/`);
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new ServerInspector(socket);
  }

  command<T = unknown>(method: string, params: Record<string, unknown> = {}, timeoutMs = 60_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The server's inspector did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full collection, then process.memoryUsage() as the server sees it. */
  async memoryAfterCollection(): Promise<ServerMemory> {
    await this.command("HeapProfiler.collectGarbage");
    const answer = await this.command<{ result: { value: string } }>("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    return JSON.parse(answer.result.value) as ServerMemory;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}
