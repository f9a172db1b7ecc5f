import { firstVisitJs } from "./first-visit-js.ts";
import { getLocal } from "./local-http.ts";
import { PAGES, DEFAULT_BUDGET } from "./config.ts";
const base = process.argv[2]!;
for (const page of PAGES) {
  const html = (await getLocal(base + page.path)).body.toString();
  const js = await firstVisitJs(html, base + page.path);
  const budget = page.budget?.maxShopJsKb ?? DEFAULT_BUDGET.maxShopJsKb;
  console.log(page.name, (js.shopGzipBytes / 1024).toFixed(1), "KB of", budget, js.files.filter(f=>!f.framework).map(f=>`${f.path.split("/").pop()} ${(f.gzipBytes/1024).toFixed(1)}`).join(", "));
}
