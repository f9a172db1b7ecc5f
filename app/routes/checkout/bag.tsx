import { data } from "react-router";
import type { Route } from "./+types/bag";
import { BagLine } from "~/components/bag/bag-line";
import { BagMembershipLine } from "~/components/bag/bag-membership-line";
import { FreeDeliveryMeter } from "~/components/bag/free-delivery-meter";
import { deliveryMethodsTo, homeCountryName } from "~/lib/delivery-methods.server";
import { freeDeliveryNote } from "~/lib/delivery-words";
import { Link } from "~/components/ui/link";
import { BAG_NOTICE_COOKIE, BAG_PATH } from "~/lib/bag";
import { bagAction } from "~/lib/bag-action.server";
import { whoseBag } from "../../../server/modules/cart/shared.ts";
import { clearFlashCookie, readFlash } from "~/lib/flash";
import { pageMeta, siteFrom } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), { title: "Your bag", description: "The items in your bag.", path: BAG_PATH }),
  { name: "robots", content: "noindex" },
];

// A bag is one shopper's: never stored by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const cookieHeader = request.headers.get("cookie");
  const viewer = await context.viewer();
  const [bag, methods] = await Promise.all([
    context.services.cart.get(context, whoseBag(context), viewer),
    deliveryMethodsTo(context, context.env.defaultCountry).catch(() => []),
  ]);
  const notice = readFlash(cookieHeader, BAG_NOTICE_COOKIE);
  const body = {
    lines: bag?.lines ?? [],
    membership: bag?.membership ?? null,
    subtotal: bag?.subtotal ?? 0,
    savings: bag?.savings ?? 0,
    memberSavings: bag?.memberSavings ?? 0,
    itemCount: bag?.itemCount ?? 0,
    // How far the bag is from free standard delivery to the shop's home country (before any promo
    // code, which checkout takes off first); the country a shopper chooses at checkout may differ.
    freeDelivery: freeDeliveryNote(methods, bag?.subtotal ?? 0, viewer.freeDelivery),
    deliveryCountry: homeCountryName(context),
    currency: context.env.currency,
    notice,
  };
  return notice ? data(body, { headers: { "Set-Cookie": clearFlashCookie(BAG_NOTICE_COOKIE, BAG_PATH) } }) : body;
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  return bagAction(request, context);
}

export default function Bag({ loaderData }: Route.ComponentProps) {
  const {
    lines,
    membership,
    subtotal: goods,
    savings,
    memberSavings,
    itemCount,
    currency,
    notice,
    freeDelivery,
    deliveryCountry,
  } = loaderData;
  // The membership line counts in the bag's subtotal and makes a bag to check out on its own.
  const subtotal = goods + (membership?.available ? membership.price : 0);
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your bag</h1>
      {notice && (
        <p role={notice.kind === "error" ? "alert" : "status"} className="bag-notice" data-kind={notice.kind}>
          {notice.message}
        </p>
      )}
      {lines.length === 0 && !membership ? (
        <div className="mt-8 flex flex-col items-start gap-4">
          <p className="text-grey-700">Your bag is empty.</p>
          <Link to="/shop" className="filters-apply">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="bag">
          <ul className="bag-lines" aria-label="Items in your bag">
            {lines.map((line) => (
              <BagLine key={line.id} line={line} currency={currency} />
            ))}
            {membership && <BagMembershipLine membership={membership} currency={currency} />}
          </ul>
          <aside className="bag-summary" aria-labelledby="bag-summary-title">
            <h2 id="bag-summary-title" className="font-semibold">
              Summary
            </h2>
            <dl>
              <div>
                <dt>Items</dt>
                <dd data-testid="bag-items">{itemCount}</dd>
              </div>
              {savings > 0 && (
                <div>
                  <dt>You save</dt>
                  <dd className="price-sale">{formatMoney(savings, currency)}</dd>
                </div>
              )}
              {memberSavings > 0 && (
                <div>
                  <dt>Member prices save</dt>
                  <dd className="price-sale" data-testid="bag-member-savings">
                    {formatMoney(memberSavings, currency)}
                  </dd>
                </div>
              )}
              <div className="bag-subtotal">
                <dt>Subtotal</dt>
                <dd data-testid="bag-subtotal">{formatMoney(subtotal, currency)}</dd>
              </div>
            </dl>
            {itemCount > 0 ? (
              <FreeDeliveryMeter note={freeDelivery} currency={currency} country={deliveryCountry} />
            ) : (
              <p className="text-sm text-grey-600">A membership is not delivered: no delivery to pay.</p>
            )}
            {(itemCount > 0 || membership?.available) && (
              <Link to="/checkout" className="button-primary text-center" data-testid="checkout-link">
                Checkout
              </Link>
            )}
            <Link to="/shop" className="text-sm font-medium text-mint-700 hover:underline">
              Continue shopping
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}
