// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, createStaticHandler, createStaticRouter, RouterProvider, StaticRouterProvider } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { DescriptionField, PREVIEW_DELAY_MS } from "./description-field.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

/** A page whose action renders a preview as the editor's does (intent "preview"), counting its calls. */
function page() {
  const previews: string[] = [];
  const loader = vi.fn(() => ({ loaded: true }));
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const form = await request.formData();
    const text = String(form.get("product.description"));
    previews.push(`${form.get("intent")}:${text}`);
    return { ok: true, preview: text === "" ? "" : `<p><strong>${text}</strong></p>`, values: null };
  });
  const routes = [
    {
      path: "/",
      loader,
      action,
      HydrateFallback: () => null,
      element: (
        <form method="post">
          <DescriptionField value="Old" preview={null} />
        </form>
      ),
    },
  ];
  return { routes, loader, previews };
}

const previewText = (container: HTMLElement) =>
  container.querySelector('[aria-label="Preview of the description"] .prose')?.textContent ?? null;

function type(area: HTMLTextAreaElement, text: string) {
  area.value = text;
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

test("with JavaScript the preview follows the typing: one request once typing rests, the page's data not read again", async () => {
  const { routes, loader, previews } = page();
  const router = createMemoryRouter(routes);
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  await act(() => vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1)));
  const area = container.querySelector("textarea")!;
  expect(previewText(container)).toBeNull();

  // Typing faster than the delay asks once, for what was typed last.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    await act(async () => {
      type(area, "G");
      vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1);
      type(area, "Gr");
      vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1);
      type(area, "Grip");
    });
    expect(previews).toEqual([]);
    await act(async () => vi.advanceTimersByTime(PREVIEW_DELAY_MS));
  } finally {
    vi.useRealTimers();
  }
  await act(() => vi.waitFor(() => expect(previewText(container)).toBe("Grip")));
  expect(previews).toEqual(["preview:Grip"]);
  expect(loader).toHaveBeenCalledTimes(1);

  // The button asks at once, without leaving the page.
  await act(async () => {
    area.value = "Wet grip";
    container.querySelector<HTMLButtonElement>('button[value="preview"]')!.click();
  });
  await act(() => vi.waitFor(() => expect(previewText(container)).toBe("Wet grip")));
  expect(previews).toEqual(["preview:Grip", "preview:Wet grip"]);
  expect(loader).toHaveBeenCalledTimes(1);
  expect(router.state.location.pathname).toBe("/");
});

test("without JavaScript the field, the Preview button and the preview the page came back with are all there", async () => {
  const handler = createStaticHandler([
    { path: "/", element: <DescriptionField value="**Grip**" preview="<p><strong>Grip</strong></p>" /> },
  ]);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("no page");
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  const served = document.createElement("div");
  served.innerHTML = html;
  expect(served.querySelector('textarea[name="product.description"]')!.textContent).toBe("**Grip**");
  expect(served.querySelector('button[type="submit"][name="intent"][value="preview"]')).not.toBeNull();
  expect(previewText(served)).toBe("Grip");
  expect(served.textContent).not.toContain("follows as you type");
});
