import { data } from "react-router";
import type { Route } from "./+types/preview";
import { PostView } from "~/components/news/post-view";
import { Link } from "~/components/ui/link";
import { privatePageOfferFor } from "~/lib/private-page.server";
import { postPath } from "../../../server/modules/news/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A post's preview link (ADR 75): /news-and-media/preview/<token>, signed and good for 24 hours.
 * It shows the post, a draft or a scheduled one included, exactly as its page will: as a guest
 * sees it (an exclusive's teaser) or, with ?as=member, as a member does. Never indexed, never
 * stored by anyone (private, no-store: the page cache leaves it alone too).
 */

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const id = context.services.newsEditor.previewedPost(params.token);
  if (id === null) throw data(null, { status: 404, headers: PRIVATE });
  const member = new URL(request.url).searchParams.get("as") === "member";
  const post = await context.services.news.preview(id, { member });
  if (!post) throw data(null, { status: 404, headers: PRIVATE });
  const offer = post.locked ? await privatePageOfferFor(context, postPath(post)) : null;
  return data({ post, offer, member }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Preview: ${loaded?.post.title ?? "post"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsPreview({ loaderData, params }: Route.ComponentProps) {
  const { post, offer, member } = loaderData;
  const here = `/news-and-media/preview/${params.token}`;
  return (
    <>
      <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm">
        Preview {member ? "as a member" : "as a guest"}: this is how the post will look.{" "}
        <Link to={member ? here : `${here}?as=member`} className="text-link">
          {member ? "See it as a guest" : "See it as a member"}
        </Link>
      </div>
      <PostView post={post} offer={offer} />
    </>
  );
}
