import type { Route } from "./+types/icons";
import { PageBlocks } from "~/components/page-blocks";
import { ICON_LABELS } from "~/components/ui/icon-labels";
import { Icon, type IconName } from "~/components/ui/icons";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/**
 * /icons: the shop's icon set, each with its name and what it stands for. The words around it
 * come from the `icons` entry of the pages collection when there is one. Not in the sitemap
 * (SPEC §2).
 */
// The owner can block /icons like any page (block-page guard).
export const handle: RouteHandle = { contentPage: true };

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const page = await context.services.pages.page("icons", { member: false });
  return {
    title: page?.title ?? "Icons",
    description: page?.description ?? "The shop's icon set.",
    blocks: page && !page.locked ? page.blocks : [],
    currency: context.env.currency,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(siteFrom(matches), { title: data?.title ?? "Icons", description: data?.description, path: "/icons" }),
  { name: "robots", content: "noindex" },
];

export default function Icons({ loaderData }: Route.ComponentProps) {
  const { title, description, blocks, currency } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-prose text-grey-700">{description}</p>
      {blocks.length > 0 && (
        <div className="mt-6">
          <PageBlocks blocks={blocks} currency={currency} />
        </div>
      )}
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6" aria-label="Icons">
        {(Object.keys(ICON_LABELS) as IconName[]).map((name) => (
          <li
            key={name}
            className="flex flex-col items-center gap-2 rounded-lg border border-grey-200 p-4 text-center"
            data-testid="icon"
          >
            <Icon name={name} className="size-8 text-grey-900" />
            <span className="text-sm font-medium">{ICON_LABELS[name]}</span>
            <code className="text-xs text-grey-600">{name}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
