/**
 * The cookie that carries a bulk edit's result to the product list after its redirect (lib/flash.ts,
 * ADR 71). Its path is the back office's: with JavaScript the list is read at /admin/products.data,
 * which a cookie of path /admin/products would not reach.
 */
export const PRODUCTS_NOTICE_COOKIE = "products_notice";
export const PRODUCTS_NOTICE_PATH = "/admin";
