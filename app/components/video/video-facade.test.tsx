// @vitest-environment happy-dom
import { act, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { VideoFacade } from "./video-facade.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

test("on the server: a poster and a link to the video through the notice, nothing of the provider's", () => {
  const html = renderToString(<VideoFacade url={VIDEO} title="Saves of the week" poster="/images/cover/800?src=a.webp" />);
  expect(html).toContain(`href="/leaving?to=${encodeURIComponent(VIDEO)}"`);
  expect(html).toContain('aria-label="Play video: Saves of the week"');
  expect(html).toContain('src="/images/cover/800?src=a.webp"');
  expect(html).not.toMatch(/<iframe|<script|youtube\.com\/(?:embed|vi)|ytimg/);
  expect(renderToString(<VideoFacade url={VIDEO} />)).not.toContain("<img");
});

async function mount(answer: { status: number; body: unknown } | Error) {
  const fetch = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  const site = { site: { siteName: "Safe Hands" } };
  const router = createMemoryRouter(
    [{ id: "root", path: "/", loader: () => site, element: <VideoFacade url={VIDEO} title="Saves of the week" /> }],
    { hydrationData: { loaderData: { root: site } } },
  );
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  // As entry.client.tsx renders the shop: StrictMode mounts each component twice in development.
  await act(async () =>
    root!.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  const button = container.querySelector("button")!;
  expect(button.getAttribute("aria-label")).toBe("Play video: Saves of the week");
  // Nothing asked for until play.
  expect(fetch).not.toHaveBeenCalled();
  // happy-dom loads no frames (it prints "Iframe page loading is disabled" on its own console):
  // the iframe's attributes are what these tests look at; the e2e suite plays a real one.
  await act(async () => {
    button.click();
    // The press loads the player's code (the first time, transformed for the test: it may take a
    // while), then asks the shop, whose stubbed answer settles before the next task.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { container, fetch };
}

test("play: the shop looks the video up, then shows the provider's player in its own iframe", async () => {
  const { container, fetch } = await mount({
    status: 200,
    body: { embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed", title: "Rick" },
  });
  expect(fetch).toHaveBeenCalledWith(`/videos/embed?url=${encodeURIComponent(VIDEO)}`, expect.anything());
  const iframe = container.querySelector("iframe")!;
  expect(iframe.getAttribute("src")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed&autoplay=1");
  expect(iframe.getAttribute("title")).toBe("Saves of the week");
  expect(iframe.getAttribute("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
  expect(iframe.hasAttribute("allowfullscreen")).toBe(true);
  expect(iframe.getAttribute("loading")).toBe("lazy");
  expect(iframe.getAttribute("referrerpolicy")).toBe("strict-origin-when-cross-origin");
  expect(document.activeElement).toBe(iframe);
});

test("a video that cannot be played: the reason, and a link to watch it on the provider through the notice", async () => {
  const { container } = await mount({
    status: 422,
    body: { error: { status: 422, name: "NotEmbeddableError", message: "This video is not embeddable" } },
  });
  const alert = container.querySelector('[role="alert"]')!;
  expect(alert.textContent).toContain("This video is not embeddable");
  const link = alert.querySelector("a")!;
  expect(link.textContent).toBe("Watch it on www.youtube.com");
  expect(link.getAttribute("href")).toBe(`/leaving?to=${encodeURIComponent(VIDEO)}`);
  expect(container.querySelector("iframe")).toBeNull();
  // The reason takes the focus the play button had.
  expect(document.activeElement).toBe(alert);
});

test("no answer at all: 'There was an error fetching the embed code'", async () => {
  const { container } = await mount(new TypeError("Failed to fetch"));
  expect(container.querySelector('[role="alert"]')!.textContent).toContain("There was an error fetching the embed code");
});
