import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { ShopEventTarget } from "./events.ts";
import { reportAtMostEveryMinute } from "./report-throttle.ts";

/*
 * The event bus across processes (ADR 45): with REDIS_URL, every process publishes the shop's
 * events to Redis and hears every other's, so a subscriber on one process hears of an order
 * placed on another. Redis pub/sub keeps nothing: an event told while Redis is down is lost,
 * as events may be (the page's next load shows the truth).
 */

export interface RedisEventsOptions {
  url: string;
  /** Told when Redis fails, at most once a minute. */
  onError?: (error: unknown) => void;
  /** Put before every channel: shops (and test runs) sharing one Redis hear only their own. */
  channelPrefix?: string;
}

export function createRedisEvents(options: RedisEventsOptions): { eventTarget: ShopEventTarget; close(): Promise<void> } {
  const prefix = options.channelPrefix ?? "shop:events:";
  // Two connections: one subscribed to channels can do nothing else. A command while Redis is
  // down is tried once more, then given up.
  const publishClient = new Redis(options.url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  const subscribeClient = new Redis(options.url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  const report = reportAtMostEveryMinute(options.onError);
  publishClient.on("error", report);
  subscribeClient.on("error", report);
  // The channels this process follows. A SUBSCRIBE sent while Redis was away is lost (ioredis
  // re-subscribes only what Redis had accepted), so every reconnection subscribes to them all again.
  const followed = new Set<string>();
  subscribeClient.on("ready", () => {
    if (followed.size > 0) subscribeClient.subscribe(...followed).catch(report);
  });
  // The event target sends its commands without waiting for them: a failure is reported here,
  // never left as a promise nobody handles (which would end the process).
  const target = createRedisEventTarget({
    publishClient: {
      publish: (channel: string, message: string) => publishClient.publish(channel, message).catch(report),
    } as unknown as Redis,
    subscribeClient: {
      on: (event: string, listener: (...args: unknown[]) => void) => subscribeClient.on(event, listener),
      subscribe: (channel: string) => {
        followed.add(channel);
        return subscribeClient.subscribe(channel).catch(report);
      },
      unsubscribe: (channel: string) => {
        followed.delete(channel);
        return subscribeClient.unsubscribe(channel).catch(report);
      },
    } as unknown as Redis,
  });
  // The shop's topics ("stock-changed:8") become channels under the prefix.
  const eventTarget = {
    addEventListener: (type: string, listener: unknown) =>
      target.addEventListener(prefix + type, listener as Parameters<typeof target.addEventListener>[1]),
    removeEventListener: (type: string, listener: unknown) =>
      target.removeEventListener(prefix + type, listener as Parameters<typeof target.removeEventListener>[1]),
    dispatchEvent: (event: Event & { detail?: unknown }) =>
      target.dispatchEvent(
        new CustomEvent(prefix + event.type, { detail: event.detail }) as Parameters<typeof target.dispatchEvent>[0],
      ),
  } as unknown as ShopEventTarget;
  return {
    eventTarget,
    async close() {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
