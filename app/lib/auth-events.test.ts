import { expect, test, vi } from "vitest";
import { authChanged, onAuthChange } from "./auth-events";

test("every registered reset runs on a login or logout; a failing one is logged as SPEC §8 says", async () => {
  const resets: string[] = [];
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const offCache = onAuthChange((loggedIn) => void resets.push(`cache:${loggedIn}`));
  const offBroken = onAuthChange(async () => {
    throw new Error("socket closed");
  });
  const offSocket = onAuthChange(async (loggedIn) => void resets.push(`socket:${loggedIn}`));

  await authChanged(true);
  expect(resets).toEqual(["cache:true", "socket:true"]);
  expect(errors).toHaveBeenCalledWith("Error on cache reset", expect.any(Error));

  offCache();
  offBroken();
  await authChanged(false);
  expect(resets).toEqual(["cache:true", "socket:true", "socket:false"]);
  offSocket();
});
