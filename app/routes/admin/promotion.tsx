import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/promotion";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { PromotionForm } from "~/components/admin/promotion-form";
import { promotionValue, shopMoment } from "~/components/admin/promotion-words";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { formatMoney } from "~/lib/money";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { STATUS_LABELS } from "../../../server/modules/promotions/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A promo code (issue 25 §5, ADR 67): /admin/promotions/new makes one, /admin/promotions/{id}
 * edits, pauses, resumes or deletes it. Changes carry the code's version (a stale page is a 409).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.code?.code ?? "New promo code"} · Promotions · Back office` },
];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { promotions } = context.services;
  const [code, categories] = await Promise.all([
    params.id === undefined
      ? null
      : promotions.detail(context, params.id).catch((error: unknown) => {
          const failed = (error as { code?: string }).code;
          if (failed === "ENTRY_NOT_FOUND" || failed === "INVALID_INPUT") throw new Response(null, { status: 404 });
          throw error;
        }),
    promotions.categoryChoices(context),
  ]);
  // Just made: the editor says so once, from the address the creation went on to.
  const created = new URL(request.url).searchParams.has("created");
  return { code, categories, currency: context.env.currency, created };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const staff = staffScope(context);
  const { promotions } = context.services;
  const categories = form.getAll("categories").filter((value): value is string => typeof value === "string");
  // Ticked boxes are several fields of one name: kept as one value to show the form again.
  const values = { ...fields, categories: categories.join(","), oncePerCustomer: fields.oncePerCustomer ?? "false" };
  const input = { ...values, categories };
  const target = { id: params.id, version: fields.version };
  try {
    switch (fields.intent) {
      case "save":
        if (params.id === undefined) {
          const id = await promotions.create(staff, input);
          return redirect(`/admin/promotions/${id}?created=1`);
        }
        await promotions.update(staff, { ...input, ...target });
        return { ok: true as const, message: "Saved: checkout uses the code as it is now." };
      case "pause":
      case "resume":
        await promotions.setActive(staff, { ...target, active: String(fields.intent === "resume") });
        return {
          ok: true as const,
          message: fields.intent === "pause" ? "Paused: checkout refuses the code until it is resumed." : "Resumed.",
        };
      case "delete":
        await promotions.remove(staff, target);
        return redirect("/admin/promotions");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, values, { entityType: "promotion", entityId: params.id ?? "", unchanging: [] });
  }
}

// After a refusal because the code changed (409), the page reads it again as it is now.
export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { code, categories, currency, created } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <p>
        <Link to="/admin/promotions" className="text-link">
          ← Promotions
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{code ? code.code : "New promo code"}</h1>
      <FormNotices message={message ?? (created && !failure ? "Created." : null)} failure={failure} shown={SHOWN_FIELDS} />
      {code && (
        <section aria-labelledby="promotion-state" className="flex flex-col gap-2">
          <h2 id="promotion-state" className="font-semibold">
            Status: <span data-testid="promotion-status">{STATUS_LABELS[code.status]}</span>
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>Gives</dt>
            <dd>{promotionValue(code, money)}</dd>
            <dt>Runs</dt>
            <dd>
              {code.startsAt ? `from ${shopMoment(code.startsAt)}` : "from now"}
              {code.endsAt ? ` until ${shopMoment(code.endsAt)}` : ", no end"}
            </dd>
            <dt>Uses</dt>
            <dd>
              {code.usedCount} of {code.usageLimit ?? "no limit"}
            </dd>
            <dt>Paid orders</dt>
            <dd data-testid="promotion-orders">{code.usage.orders}</dd>
            <dt>Discount given</dt>
            <dd>{money(code.usage.discount)}</dd>
            <dt>Revenue</dt>
            <dd>{money(code.usage.revenue)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="version" value={code.version} />
              <button
                type="submit"
                name="intent"
                value={code.active ? "pause" : "resume"}
                className="button-secondary"
                disabled={busy}
              >
                {code.active ? "Pause" : "Resume"}
              </button>
            </Form>
            {code.unused && (
              <Form method="post">
                <input type="hidden" name="version" value={code.version} />
                <button type="submit" name="intent" value="delete" className="button-secondary" disabled={busy}>
                  Delete (no order used it)
                </button>
              </Form>
            )}
          </div>
        </section>
      )}
      <PromotionForm
        key={code?.version ?? "new"}
        code={code}
        categories={categories}
        failure={failure}
        currency={currency}
        busy={busy}
      />
    </div>
  );
}

const SHOWN_FIELDS = ["code", "kind", "value", "minimumSpend", "startsAt", "endsAt", "usageLimit", "categories", "products"];
