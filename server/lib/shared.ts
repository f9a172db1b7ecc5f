// What pages may share of the server's general tools (ADR 53): pure functions that need no server.
// Only small files without side effects are re-exported here: what a page component takes from
// this file ships to the browser.
export { cookieValue, setCookie } from "./cookies.ts";
export { currencySymbol, decimalAmount, formatMoney } from "./money.ts";
export { DEFAULT_OPTION_NAMES, type OptionNames } from "./option-names.ts";
export { safeLocalPath } from "./safe-path.ts";
export { asShopError, shopErrorCode } from "./shop-error.ts";
export { escapeXml } from "./xml.ts";
