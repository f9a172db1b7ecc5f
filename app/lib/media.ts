/** Address of a file in the shop's media folder (generated product and brand images). */
export function mediaUrl(path: string): string {
  return `/media/${encodeURI(path)}`;
}
