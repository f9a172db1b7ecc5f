import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { PaymentMarks } from "../brand/payment-marks";
import { ICON_LABELS } from "./icon-labels";
import { Icon } from "./icons";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]!);

/** The symbol names that rendered markup points at, with the file each points into. */
function uses(html: string) {
  return [...html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)].map((m) => ({ file: m[1], symbol: m[2] }));
}

test("every icon /icons lists is drawn in the sprite, and the sprite draws nothing unnamed but the brand's marks", () => {
  expect(symbols.filter((id) => !id.startsWith("pay-") && id !== "brand-mark").sort()).toEqual(Object.keys(ICON_LABELS).sort());
});

test("an icon points into the sprite file, drawn in the text's colour", () => {
  const html = renderToStaticMarkup(<Icon name="bag" className="size-5" />);
  expect(uses(html)).toEqual([{ file: expect.stringMatching(/icons.*\.svg$/), symbol: "bag" }]);
  expect(html).toContain('stroke="currentColor"');
  expect(html).toContain('aria-hidden="true"');
});

test("each payment mark the footer shows is a symbol of the sprite; cards only when the shop takes them", () => {
  const withCards = uses(renderToStaticMarkup(<PaymentMarks cards />)).map((use) => use.symbol);
  expect(withCards).toEqual(["pay-bank", "pay-bank-app", "pay-card"]);
  for (const symbol of withCards) expect(symbols).toContain(symbol);
  expect(uses(renderToStaticMarkup(<PaymentMarks cards={false} />)).map((use) => use.symbol)).toEqual([
    "pay-bank",
    "pay-bank-app",
  ]);
});
