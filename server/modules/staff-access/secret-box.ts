import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * The authenticator secrets at rest (ADR 59): a TOTP secret must be read back to check a code, so
 * it cannot be hashed; it is sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from the
 * shop's secret with a label of its own, so a copy of the database alone opens nothing, and the
 * key signs or seals nothing else. The account's id is the additional data: a sealed secret
 * copied onto another account's row does not open there. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` (base64url), so the key or cipher can change later.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const LABEL = "staff authenticator secret";

export interface SecretBox {
  seal(plaintext: string, userId: number): string;
  /** The plaintext; throws when the text is not one this key sealed for this account (tampered, moved, another key). */
  open(sealed: string, userId: number): string;
}

export function createSecretBox(shopSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", shopSecret, "", LABEL, 32));
  const aad = (userId: number) => Buffer.from(`user:${userId}`);
  return {
    seal(plaintext, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed, userId) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
        throw new Error("Not a sealed authenticator secret.");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
