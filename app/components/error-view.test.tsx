// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, data, RouterProvider, useRouteError } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { describeError, ErrorView } from "./error-view.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function RouteError() {
  return <ErrorView error={useRouteError()} />;
}

/** Renders a route whose loader throws `thrown`, as a page's loader would. */
async function renderThrown(thrown: unknown) {
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => {
        throw thrown;
      },
      element: null,
      errorElement: <RouteError />,
    },
  ]);
  return renderIn(<RouterProvider router={router} />);
}

async function renderIn(element: ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(element));
  return container;
}

test("a 404 shows the not-found page with a way home", async () => {
  const page = await renderThrown(data(null, { status: 404 }));
  expect(page.querySelector("h1")?.textContent).toBe("This page could not be found");
  expect(page.querySelector("a")?.textContent).toBe("Back to the home page");
});

test("the error page shows the status and the message the shop gave", async () => {
  const page = await renderThrown(data({ message: "Out of gloves" }, { status: 503 }));
  expect(page.querySelector("h1")?.textContent).toBe("Out of gloves");
  expect(page.querySelector('[data-testid="error-status"]')?.textContent).toBe("503");
});

test("in production an exception shows the defaults, 500 and 'Error', never its own text", async () => {
  vi.stubEnv("DEV", false);
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const page = await renderThrown(new Error("SELECT * FROM secrets failed"));
  expect(page.querySelector("h1")?.textContent).toBe("Error");
  expect(page.querySelector('[data-testid="error-status"]')?.textContent).toBe("500");
  expect(page.textContent).not.toContain("secrets");
  expect(describeError(undefined)).toEqual({ status: 500, message: "Error" });
});
