// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, data, RouterProvider, useRouteError } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { ErrorPage } from "./error-page.tsx";
import type * as ErrorViewModule from "./error-view.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The view the page loads (in the browser, on demand), made to fail when a test says so.
const view = vi.hoisted(() => ({ broken: false }));
vi.mock("./error-view", async (original) => {
  const real = await original<typeof ErrorViewModule>();
  return {
    ...real,
    ErrorView: (props: { error: unknown }) => {
      if (view.broken) throw new Error("broken");
      return real.ErrorView(props);
    },
  };
});

afterEach(() => {
  document.body.innerHTML = "";
  view.broken = false;
  vi.restoreAllMocks();
});

function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}

/** Renders a route whose loader throws a 404, as a page's loader would. */
async function renderNotFound() {
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => {
        throw data(null, { status: 404 });
      },
      element: null,
      errorElement: <RouteError />,
    },
  ]);
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(<RouterProvider router={router} />);
    // The view's code, which the page asked for when it rendered: settled within act, so it shows.
    await import("./error-view.tsx");
  });
  return container;
}

test("the error page shows its view, which says what happened", async () => {
  const page = await renderNotFound();
  expect(page.querySelector("h1")?.textContent).toBe("This page could not be found");
});

test("if the error page itself fails to render, a last-resort message links home", async () => {
  view.broken = true;
  vi.spyOn(console, "error").mockImplementation(() => {});
  const page = await renderNotFound();
  expect(page.querySelector("h1")?.textContent).toBe("An error occurred while showing the error page");
  expect(page.querySelector("button")?.textContent).toBe("Try again");
  expect(page.querySelector("a")?.getAttribute("href")).toBe("/");
});
