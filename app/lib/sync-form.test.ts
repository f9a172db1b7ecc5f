// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { changedSinceRender, syncFormWithQuery } from "./sync-form.ts";

test("the form's fields follow the query, except the one being typed in", () => {
  document.body.innerHTML = `
    <form id="f">
      <input type="checkbox" name="size" value="8" checked>
      <input type="checkbox" name="size" value="9">
      <input type="number" name="price_min" value="20">
      <input type="number" name="price_max" value="90">
      <input type="range" data-mirror="price_min" min="10" max="150" value="20">
    </form>
    <select name="sort" form="f"><option value="featured">Featured</option><option value="name">Name</option></select>`;
  const form = document.querySelector("form")!;
  const typing = form.querySelector<HTMLInputElement>('[name="price_max"]')!;
  syncFormWithQuery(form, new URLSearchParams("size=9&sort=name"), typing);
  const boxes = form.querySelectorAll<HTMLInputElement>('[name="size"]');
  expect([boxes[0]!.checked, boxes[1]!.checked]).toEqual([false, true]);
  expect(form.querySelector<HTMLInputElement>('[name="price_min"]')!.value).toBe("");
  expect(typing.value).toBe("90");
  expect(form.querySelector<HTMLInputElement>("[data-mirror]")!.value).toBe("10");
  expect(document.querySelector("select")!.value).toBe("name");
});

test("a select given a value it does not offer shows its first option, the page's default", () => {
  document.body.innerHTML = `
    <form id="f"></form>
    <select name="sort" form="f"><option value="relevance">Best match</option><option value="name">Name</option></select>`;
  const select = document.querySelector("select")!;
  select.value = "name";
  syncFormWithQuery(document.querySelector("form")!, new URLSearchParams("sort=cheapest"), null);
  expect(select.value).toBe("relevance");
});

test("a field changed since the page was rendered is noticed, unless it is still being typed in", () => {
  document.body.innerHTML = `
    <form id="f">
      <input type="checkbox" name="size" value="8">
      <input type="number" name="price_max" value="90">
    </form>
    <select name="sort" form="f"><option value="featured">Featured</option><option value="name" selected>Name</option></select>`;
  const form = document.querySelector("form")!;
  expect(changedSinceRender(form, null)).toBe(false);

  document.querySelector("select")!.value = "featured";
  expect(changedSinceRender(form, null)).toBe(true);
  document.querySelector("select")!.value = "name";

  const box = form.querySelector<HTMLInputElement>('[name="size"]')!;
  box.checked = true;
  expect(changedSinceRender(form, null)).toBe(true);
  box.checked = false;

  const typing = form.querySelector<HTMLInputElement>('[name="price_max"]')!;
  typing.value = "70";
  expect(changedSinceRender(form, typing)).toBe(false);
  expect(changedSinceRender(form, null)).toBe(true);
});

test("a select rendered with no option marked counts its first option as rendered", () => {
  document.body.innerHTML = `
    <form id="f"></form>
    <select name="sort" form="f"><option value="relevance">Best match</option><option value="name">Name</option></select>`;
  const form = document.querySelector("form")!;
  expect(changedSinceRender(form, null)).toBe(false);
  document.querySelector("select")!.value = "name";
  expect(changedSinceRender(form, null)).toBe(true);
});
