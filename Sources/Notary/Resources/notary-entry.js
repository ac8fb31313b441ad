// Reads a Notary log entry:
//   <origin>/entry/v1
//   hash <hex>
//   sha256 <64 hex>        (one line per file)
//   meta <base64 salted commitment>
//   slug <slug>
//   received <unix milliseconds>
import { ProofError } from "./tlog.js";

/** Parses entry bytes into { origin, hash, digests, slug, received }. */
export function parseEntry(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ProofError("the log entry is not UTF-8 text");
  }
  const lines = text.split("\n");
  const header = /^(.+)\/entry\/v1$/.exec(lines.shift());
  const hash = /^hash ([0-9a-f]+)$/.exec(lines.shift() ?? "");
  const digests = [];
  while (lines[0]?.startsWith("sha256 ")) digests.push(lines.shift().slice("sha256 ".length));
  const [meta, slug, received, end] = lines;
  if (!header || !hash || !meta?.startsWith("meta ") || !slug?.startsWith("slug ")
      || !/^received [0-9]+$/.test(received ?? "") || end !== "" || lines.length !== 4) {
    throw new ProofError("the log entry is not a Notary entry");
  }
  return {
    origin: header[1],
    hash: hash[1],
    digests,
    slug: slug.slice("slug ".length),
    received: Number(received.slice("received ".length)),
  };
}