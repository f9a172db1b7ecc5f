// What pages may share of this module (ADR 53): the pure IBAN check and the settings' shape.
export { ibanValid, compactIban } from "./iban.ts";
export { SETTING_KEYS, type SettingKey, type ShopSettings } from "./settings.ts";
