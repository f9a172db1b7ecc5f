// Prices are formatted one way on pages, in mails and in the APIs: the server's module serves all.
export * from "../../server/lib/money.ts";
