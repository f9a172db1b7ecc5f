// The back office's first load (issue 24 §1): the JavaScript a browser fetches to open the
// dashboard, measured on the bench's server as the owner sees it. The owner is set up through the
// link the server printed at its start, as a person would (tests/support/e2e-owner.ts).
import { setUpOwner } from "../tests/support/e2e-owner.ts";
import { OWNER_SET_UP_LINK } from "../tests/support/shop-server.ts";
import { firstVisitJs, type FirstVisitJs } from "./first-visit-js.ts";
import { assertLocal } from "./local-http.ts";
import type { BenchServer } from "./server.ts";

/** The dashboard's own JavaScript (the framework chunk aside, which the shop's pages share), gzip, at most. */
export const ADMIN_DASHBOARD_JS_KB = 60;

export interface AdminDashboardJs {
  js: FirstVisitJs;
  check: { name: string; pass: boolean; detail: string };
}

async function setUpLink(server: BenchServer): Promise<string> {
  // The link is printed at start, before or just after the server answers.
  for (let waited = 0; waited < 10_000; waited += 100) {
    const link = OWNER_SET_UP_LINK.exec(server.output())?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server printed no owner set-up link:\n${server.output().slice(-2000)}`);
}

export async function adminDashboardJs(server: BenchServer): Promise<AdminDashboardJs> {
  const { cookie } = await setUpOwner(server.url, await setUpLink(server));
  const page = await fetch(assertLocal(`${server.url}/admin`), { headers: { cookie }, redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200 || !html.includes("Dashboard"))
    throw new Error(`GET /admin as the owner answered ${page.status}:\n${html.slice(0, 500)}`);
  const js = await firstVisitJs(html, `${server.url}/admin`);
  const own = js.shopGzipBytes / 1024;
  return {
    js,
    check: {
      name: `admin dashboard JS <= ${ADMIN_DASHBOARD_JS_KB} KB gz`,
      pass: own <= ADMIN_DASHBOARD_JS_KB,
      detail: `${own.toFixed(1)} KB gz of its own in ${js.files.filter((f) => !f.framework).length} files, plus the framework's ${(js.frameworkGzipBytes / 1024).toFixed(1)} KB that the shop's pages load too`,
    },
  };
}
