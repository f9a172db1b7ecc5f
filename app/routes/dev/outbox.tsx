import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link } from "~/components/ui/link";
import { pageContext } from "../../../server/http/page-context.ts";

/** Development only (see routes.ts): the mails written to the outbox, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args.context);
  const mails = await context.services.outbox.list();
  return { mails: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })) };
}

export const meta: MetaFunction = () => [{ title: "Outbox (development)" }, { name: "robots", content: "noindex" }];

// Built only in development (see routes.ts), so React Router's type generation never sees it.
export default function DevOutbox() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="text-grey-700">Mails the shop would have sent. Set SMTP_URL to send them for real.</p>
      {loaderData.mails.length === 0 ? (
        <p className="mt-4">No mails yet.</p>
      ) : (
        <table className="account-table mt-4">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.mails.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.date}</td>
                <td>{mail.to}</td>
                <td>
                  <Link to={`/dev/outbox/${mail.id}`} className="text-link">
                    {mail.subject}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
