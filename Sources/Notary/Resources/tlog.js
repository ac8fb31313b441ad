// Checks C2SP tlog-proof files: the entry's leaf hash, the inclusion proof up to a checkpoint's
// root (RFC 9162 §2.1.3.2) and the checkpoint's Ed25519 signed-note signature.
import { sha256 } from "./sha256.js";

const encoder = new TextEncoder();

/** A proof or note that does not check out; its message says why, for a person. */
export class ProofError extends Error {}

/** Base64 text as bytes; throws a ProofError when it is not base64. */
export function fromBase64(text) {
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    throw new ProofError(`"${text}" is not base64`);
  }
}

function concat(...parts) {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  return bytes;
}

/** Whether two Uint8Arrays hold the same bytes. */
export function equalBytes(a, b) {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** RFC 6962 leaf hash: SHA-256(0x00 || entry). */
export function leafHash(entry) {
  return sha256(concat([0x00], entry));
}

function nodeHash(left, right) {
  return sha256(concat([0x01], left, right));
}

/**
 * Parses a c2sp.org/tlog-proof@v1 file into { entry, index, hashes, note }, where `entry` is
 * the `extra` line's bytes and `note` the signed checkpoint's text.
 */
export function parseProof(text) {
  const split = text.indexOf("\n\n");
  if (split < 0) throw new ProofError("the proof has no checkpoint");
  const lines = text.slice(0, split).split("\n");
  if (lines.shift() !== "c2sp.org/tlog-proof@v1") throw new ProofError("this is not a c2sp.org/tlog-proof@v1 file");
  if (!lines[0]?.startsWith("extra ")) throw new ProofError("the proof carries no entry");
  const entry = fromBase64(lines.shift().slice("extra ".length));
  const index = /^index (0|[1-9][0-9]*)$/.exec(lines.shift() ?? "");
  if (!index) throw new ProofError("the proof has no index line");
  const hashes = lines.map((line) => {
    const hash = fromBase64(line);
    if (hash.length !== 32) throw new ProofError("a proof hash is not 32 bytes");
    return hash;
  });
  return { entry, index: Number(index[1]), hashes, note: text.slice(split + 2) };
}

/**
 * The root that `proof` leads to from `leaf` at `index` in a tree of `size` leaves
 * (RFC 9162 §2.1.3.2); throws a ProofError when the proof has the wrong shape.
 */
export function rootFromInclusionProof(leaf, index, size, proof) {
  if (!(index >= 0 && index < size)) throw new ProofError(`entry ${index} is outside a tree of ${size} entries`);
  let fn = index;
  let sn = size - 1;
  let result = leaf;
  for (const sibling of proof) {
    if (sn === 0) throw new ProofError("the inclusion proof is too long");
    if (fn % 2 === 1 || fn === sn) {
      result = nodeHash(sibling, result);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      result = nodeHash(result, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new ProofError("the inclusion proof is too short");
  return result;
}

/** Parses a checkpoint's text (the signed part of the note) into { origin, size, root }. */
export function parseCheckpoint(text) {
  const [origin, size, root] = text.split("\n");
  if (!origin || !/^(0|[1-9][0-9]*)$/.test(size ?? "")) throw new ProofError("the checkpoint is malformed");
  const rootBytes = fromBase64(root ?? "");
  if (rootBytes.length !== 32) throw new ProofError("the checkpoint's root is not 32 bytes");
  return { origin, size: Number(size), root: rootBytes };
}

/**
 * Parses a verifier key `name+keyid+base64(0x01 || key)` into { name, keyID, publicKey },
 * after checking that the key ID is SHA-256(name || 0x0A || 0x01 || key)[:4].
 */
export function parseVerifierKey(text) {
  // The name holds no "+", but the base64 may.
  const [name, keyID, ...material] = text.trim().split("+");
  if (!name || !/^[0-9a-f]{8}$/.test(keyID ?? "")) throw new ProofError("the log key is malformed");
  const bytes = fromBase64(material.join("+"));
  if (bytes.length !== 33 || bytes[0] !== 0x01) throw new ProofError("the log key is not an Ed25519 key");
  const publicKey = bytes.slice(1);
  const id = sha256(concat(encoder.encode(name), [0x0a], bytes)).slice(0, 4);
  if (id.reduce((text, byte) => text + byte.toString(16).padStart(2, "0"), "") !== keyID) {
    throw new ProofError("the log key's ID does not match the key");
  }
  return { name, keyID: id, publicKey };
}

/**
 * Parses a C2SP signed note into { text, signatures }: the signed text (ending in a newline)
 * and each signature line `— <key name> <base64(key ID || signature)>` as
 * { name, keyID, signature }. Nothing in it is trusted until verifyNote says so.
 */
export function parseNote(note) {
  const split = note.lastIndexOf("\n\n");
  if (split < 0 || !note.endsWith("\n")) throw new ProofError("the checkpoint is not a signed note");
  const signatures = note.slice(split + 2, -1).split("\n").map((line) => {
    const match = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!match) throw new ProofError("the checkpoint has a malformed signature line");
    const bytes = fromBase64(match[2]);
    return { name: match[1], keyID: bytes.slice(0, 4), signature: bytes.slice(4) };
  });
  return { text: note.slice(0, split + 1), signatures };
}

/**
 * Checks that `key` (from parseVerifierKey) signed the parsed `note`, with WebCrypto's
 * Ed25519; signatures of other keys are ignored. Throws a ProofError unless it did.
 */
export async function verifyNote(note, key) {
  const ours = note.signatures.find((line) => line.name === key.name && equalBytes(line.keyID, key.keyID));
  if (!ours) throw new ProofError(`the checkpoint has no signature of the key ${key.name}`);
  if (!globalThis.crypto?.subtle) {
    throw new ProofError("this browser offers no WebCrypto on this page to check the signature (it needs HTTPS)");
  }
  let valid;
  try {
    const publicKey = await crypto.subtle.importKey("raw", key.publicKey, { name: "Ed25519" }, false, ["verify"]);
    valid = await crypto.subtle.verify({ name: "Ed25519" }, publicKey, ours.signature, encoder.encode(note.text));
  } catch (error) {
    throw new ProofError(`this browser cannot check Ed25519 signatures (${error.message})`);
  }
  if (!valid) throw new ProofError("the checkpoint's signature is not valid");
}