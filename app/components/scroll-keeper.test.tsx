// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { ScrollKeeper } from "./scroll-keeper.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test("a route that opts out of scrolling to the top keeps the position it was reached from", async () => {
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Outlet />
            <ScrollKeeper />
          </>
        ),
        children: [
          { path: "list", element: <p>list</p> },
          { path: "filtered", element: <p>filtered</p>, handle: { scrollToTop: false } },
          { path: "other", element: <p>other</p> },
        ],
      },
    ],
    { initialEntries: ["/list"] },
  );
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));

  Object.defineProperty(window, "scrollY", { value: 640, configurable: true });
  window.dispatchEvent(new Event("scroll"));
  await act(() => router.navigate("/filtered"));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

  scrollTo.mockClear();
  await act(() => router.navigate("/other"));
  expect(scrollTo).not.toHaveBeenCalled();
});
