import { data, useNavigation } from "react-router";
import type { Route } from "./+types/information";
import { failureOf } from "~/components/account-page";
import { MoveButtons } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The product information blocks (issue 26 §3, ADR 76): size guides, care, delivery, in the
 * order product pages show them, each for every product, a category's or one product's. The
 * order changes here, a button a step (no JavaScript needed); each block opens on its own page.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Product information · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { blocks } = await context.services.informationBlocks.list(context);
  // Back from deleting one: the list says so once.
  const deleted = new URL(request.url).searchParams.has("deleted");
  return { blocks, deleted };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  if (fields.intent !== "move") throw data(null, { status: 400 });
  try {
    const { moved } = await context.services.informationBlocks.move(staffScope(context), fields);
    return { ok: true as const, message: moved ? "Moved." : "It is there already." };
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "information", entityId: fields.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminInformation({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : loaderData.deleted ? "Deleted." : null;
  const busy = useNavigation().state === "submitting";
  const { blocks } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Product information</h1>
        <p className="mt-1 max-w-prose text-sm text-grey-700">
          Blocks a product page shows under its description, closed until a shopper opens them, in this order: a size guide, care,
          delivery. Each is for every product, a category&rsquo;s products or one product.
        </p>
        <p className="mt-3 text-sm">
          <Link to="/admin/information/new" className="button-primary inline-block">
            New block
          </Link>
        </p>
      </div>
      <FormNotices message={message} failure={failure} shown={[]} />
      {blocks.length === 0 ? (
        <p className="text-sm text-grey-700">No blocks yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {blocks.map((block, i) => (
            <li key={block.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-grey-200 bg-white p-3">
              <MoveButtons
                intent="move"
                id={block.id}
                version={block.version}
                label={block.title}
                first={i === 0}
                last={i === blocks.length - 1}
                busy={busy}
              />
              <div className="min-w-0 flex-1">
                <Link to={`/admin/information/${block.id}`} className="font-medium text-link">
                  {block.title}
                </Link>
                <p className="text-sm text-grey-600">
                  {block.kind} · {block.showsOn}
                  {!block.published && " · not shown (a draft)"}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
