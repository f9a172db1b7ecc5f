// @vitest-environment happy-dom
import { afterEach, expect, test } from "vitest";
import { clientNavigationFor } from "./link-clicks.ts";

const pageUrl = "http://shop.test/brands/northwall";

afterEach(() => {
  document.body.innerHTML = "";
});

function clickOn(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  const target = document.body.querySelector("[data-target]") ?? document.body.firstElementChild!;
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, "target", { value: target });
  return clientNavigationFor(event, pageUrl);
}

test("a plain click on a link to the shop becomes a client-side navigation", () => {
  expect(clickOn('<a href="/shop/gloves?sort=new#top"><span data-target>Gloves</span></a>')).toEqual({
    to: "/shop/gloves?sort=new#top",
    replace: false,
    preventScrollReset: false,
  });
  expect(clickOn('<a href="/bag" data-replace data-keep-scroll>Bag</a>')).toEqual({
    to: "/bag",
    replace: true,
    preventScrollReset: true,
  });
});

test("the browser keeps modified clicks, other buttons, new tabs, downloads and links elsewhere", () => {
  expect(clickOn('<a href="/bag">Bag</a>', { ctrlKey: true })).toBeNull();
  expect(clickOn('<a href="/bag">Bag</a>', { metaKey: true })).toBeNull();
  expect(clickOn('<a href="/bag">Bag</a>', { shiftKey: true })).toBeNull();
  expect(clickOn('<a href="/bag">Bag</a>', { button: 1 })).toBeNull();
  expect(clickOn('<a href="/bag" target="_blank">Bag</a>')).toBeNull();
  expect(clickOn('<a href="/guide.pdf" download>Guide</a>')).toBeNull();
  expect(clickOn('<a href="/bag" data-reload>Bag</a>')).toBeNull();
  expect(clickOn('<a href="https://video.example/watch">Video</a>')).toBeNull();
  expect(clickOn("<a>No address</a>")).toBeNull();
  expect(clickOn('<a href="#main">Skip to content</a>')).toBeNull();
  expect(clickOn('<a href="/brands/northwall#story">Story</a>')).toBeNull();
  expect(clickOn("<button>Not a link</button>")).toBeNull();
});

test("links to the server's APIs (social login starts at /api/connect) are left to the browser", () => {
  expect(clickOn('<a href="/api/connect/keeperid">KeeperID</a>')).toBeNull();
  expect(clickOn('<a href="/auth/user">User</a>')).toBeNull();
  expect(clickOn('<a href="/apiary">Apiary</a>')).not.toBeNull();
});
