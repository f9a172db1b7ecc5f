// Prices are formatted one way on pages, in mails and in the APIs: the server's tool serves all.
export { currencySymbol, decimalAmount, formatMoney } from "../../server/lib/shared.ts";
