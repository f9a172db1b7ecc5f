import { data, redirect } from "react-router";
import type { PageContext } from "../../server/context.ts";
import { asShopError } from "../../server/lib/shared.ts";
import { cartCookie, whoseBag } from "../../server/modules/cart/shared.ts";
import type { CartWithToken } from "../../server/modules/cart/index.ts";
import { BAG_NOTICE_COOKIE, BAG_PATH, type BagActionResult } from "./bag";
import { flashCookie } from "./flash";
import { fieldsOf, readForm } from "./forms.server";

/**
 * The bag's one action (intent add, update or remove), for the bag page, the product page and the
 * grid's quick add. Without JavaScript every form posts here and is redirected to the bag with a
 * message; with JavaScript the forms add `js=1` and get the result as data, so the shopper stays
 * where they are. The bag module validates every field; prices never come from the form.
 */
export async function bagAction(request: Request, context: PageContext) {
  const form = await readForm(request);
  // Not a form at all (JSON, plain text, no body): nothing the bag can read.
  if (!form) return data<BagActionResult>({ ok: false, message: "That is not something the bag can do." }, { status: 400 });
  const fields = fieldsOf(form);
  const withJs = fields.js === "1";
  const bag = whoseBag(context);
  const { cart } = context.services;
  // What the visitor may buy, at what price (members, ADR 41).
  const viewer = await context.viewer();

  let result: { cart: CartWithToken; message: string };
  try {
    switch (fields.intent) {
      case "add": {
        const added = await cart.addLine(context, bag, fields, viewer);
        const line = added.cart.lines.find((l) => l.id === added.lineId);
        result = {
          cart: added.cart,
          message: line ? `Added ${line.name} (${optionName(line)}) to your bag.` : "Added to your bag.",
        };
        break;
      }
      case "update": {
        // A − or + button sends `delta` beside the quantity field: the bag module applies it to the line.
        const change = fields.delta === undefined ? fields : { ...fields, quantity: undefined };
        result = { cart: await cart.updateLine(context, bag ?? "", change, viewer), message: "Your bag is updated." };
        break;
      }
      case "remove": {
        const before = await cart.get(context, bag, viewer);
        const removed = before?.lines.find((l) => String(l.id) === fields.lineId);
        result = {
          cart: await cart.removeLine(context, bag ?? "", fields, viewer),
          message: removed ? `Removed ${removed.name} from your bag.` : "Removed from your bag.",
        };
        break;
      }
      case "remove-membership": {
        // Only a customer's bag holds one (ADR 42); a guest's has nothing to take out.
        if (bag === null || typeof bag !== "object") return answer({ ok: false, message: "Your bag holds no membership." }, 400);
        result = { cart: await cart.removeMembership(context, bag, viewer), message: "Removed the membership from your bag." };
        break;
      }
      default:
        return answer({ ok: false, message: "That is not something the bag can do." }, 400);
    }
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return answer({ ok: false, ...failure.body }, failure.status);
  }

  // A guest's bag lives behind its cookie, sent again so it lasts 7 days from now; a customer's is theirs.
  const headers = new Headers();
  if (result.cart.token !== null) headers.append("Set-Cookie", cartCookie(result.cart.token, context.cookies));
  if (withJs) return data<BagActionResult>({ ok: true, message: result.message }, { headers });
  headers.append("Set-Cookie", flashCookie(BAG_NOTICE_COOKIE, BAG_PATH, { kind: "success", message: result.message }));
  return redirect(BAG_PATH, { status: 303, headers });

  function answer(body: Extract<BagActionResult, { ok: false }>, status: number) {
    if (withJs) return data<BagActionResult>(body, { status });
    return redirect(BAG_PATH, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(BAG_NOTICE_COOKIE, BAG_PATH, { kind: "error", message: body.message }) },
    });
  }
}

function optionName(line: { size: string; colour: string }) {
  return `${line.size}, ${line.colour}`;
}

/** The shopper-facing message and status of a failed bag change; null for errors that are bugs. */
function failureOf(error: unknown): { status: number; body: { message: string; field?: string } } | null {
  const failed = asShopError(error);
  if (!failed) return null;
  const message =
    failed.code === "CART_NOT_FOUND" ? "Your bag has expired. Add the item again to start a new one." : failed.message;
  return { status: failed.status, body: failed.field ? { message, field: failed.field } : { message } };
}
