// Opens the PGlite database in the folder given as argument and writes brands one transaction
// at a time, printing each committed slug, until it is killed. Used by the durability test.
import { openDatabase } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrate.ts";
import { brands } from "../../server/db/schema/index.ts";

const database = await openDatabase({ kind: "pglite", dataDir: process.argv[2] });
await applyMigrations(database);
for (let i = 0; ; i++) {
  const slug = `brand-${i}`;
  await database.db.transaction(async (tx) => {
    await tx.insert(brands).values({ slug, name: `Brand ${i}`, story: "x".repeat(2000) });
  });
  process.stdout.write(`${slug}\n`);
}
