/** What the news editor's use cases need from the rest of the shop (wired in server/services.ts). */
export interface NewsEditorDeps {
  /** Told once a change has committed: the newsroom's caches and the page cache follow. */
  changed: () => void;
  /** The shop's time zone (SHOP_TIME_ZONE): a date-time field's moment is read there. */
  timeZone: string;
  /** The video provider's address rule. */
  isVideoAddress: (url: string) => boolean;
  /** Asks the provider whether a video can be embedded: null when it can, else what is wrong (SPEC §8's words). */
  checkVideo?: (url: string) => Promise<string | null>;
}
