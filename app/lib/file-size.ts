/** A stored file's size as people read it; 0 is a size the shop did not keep (an upload older than the media library). */
export function sizeText(bytes: number): string {
  if (bytes <= 0) return "size not known";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
