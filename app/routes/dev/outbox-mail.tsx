import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link } from "~/components/ui/link";
import { pageContext } from "../../../server/http/page-context.ts";

/** Development only (see routes.ts): one mail of the outbox, as text and as HTML. */
export async function loader({ params, ...args }: LoaderFunctionArgs) {
  const context = pageContext(args.context);
  const mail = await context.services.outbox.read(params.id ?? "");
  if (!mail) throw data(null, { status: 404 });
  return { mail };
}

export const meta: MetaFunction = () => [{ title: "Outbox mail (development)" }, { name: "robots", content: "noindex" }];

// Built only in development (see routes.ts), so React Router's type generation never sees it.
export default function DevOutboxMail() {
  const { mail } = useLoaderData<typeof loader>();
  return (
    <div className="container-page flex flex-col gap-4 py-8">
      <p>
        <Link to="/dev/outbox" className="text-link">
          Back to the outbox
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{mail.subject}</h1>
      <p className="text-grey-700">
        To {mail.to}, from {mail.from}, {mail.date}
      </p>
      {/* The mail's HTML in a sandbox without scripts: it is shown, never run. */}
      <iframe title="The mail as HTML" sandbox="" srcDoc={mail.html} className="h-96 w-full rounded-md border border-grey-200" />
      <pre className="overflow-x-auto rounded-md bg-grey-50 p-4 text-sm whitespace-pre-wrap">{mail.text}</pre>
    </div>
  );
}
