// The report page: checks the report's proof in the browser, and whether a chosen file is the
// one notarized. The facts come from the page's JSON twin; the check trusts none of them.
import { hex } from "./sha256.js";
import {
  ProofError, equalBytes, leafHash, parseCheckpoint, parseNote, parseProof, parseVerifierKey,
  rootFromInclusionProof, verifyNote,
} from "./tlog.js";
import { parseEntry } from "./notary-entry.js";
import { hashChosenFiles } from "./file-picker.js";

const report = fetch(document.querySelector("[data-report]").dataset.report, { headers: { Accept: "application/json" } })
  .then((response) => {
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return response.json();
  });

function show(element, state, text) {
  element.dataset.state = state;
  element.textContent = text;
}

/** Runs one check of the list and marks its item passed or failed; returns its value. */
async function check(id, run) {
  const item = document.getElementById(id);
  try {
    const [value, detail] = await run();
    show(item, "ok", `Passed: ${detail}`);
    return value;
  } catch (error) {
    show(item, "failed", `Failed: ${error.message}`);
    throw error;
  }
}

async function checkProof() {
  const result = document.getElementById("proof-result");
  show(result, "pending", "Checking the proof…");
  try {
    const facts = await report;
    const proof = parseProof(facts.proof);
    const entry = await check("check-entry", () => {
      const parsed = parseEntry(proof.entry);
      if (parsed.slug !== facts.slug || parsed.hash !== facts.hash || parsed.digests.join() !== facts.file_hashes.join()) {
        throw new ProofError("the log entry describes another report");
      }
      return [parsed, `the log entry names report ${parsed.slug} with hash ${parsed.hash}.`];
    });
    const note = parseNote(proof.note);
    const checkpoint = parseCheckpoint(note.text);
    await check("check-inclusion", () => {
      const leaf = leafHash(proof.entry);
      if (hex(leaf) !== facts.leaf_hash) throw new ProofError("the entry's leaf hash is not the one this page shows");
      const root = rootFromInclusionProof(leaf, proof.index, checkpoint.size, proof.hashes);
      if (!equalBytes(root, checkpoint.root)) throw new ProofError("the inclusion proof leads to another root");
      const hashes = proof.hashes.length === 1 ? "1 hash" : `${proof.hashes.length} hashes`;
      return [null, `leaf ${hex(leaf)} at index ${proof.index} leads through ${hashes} to the root of the checkpoint of size ${checkpoint.size}.`];
    });
    const key = await check("check-signature", async () => {
      const parsed = parseVerifierKey(facts.log_key);
      if (checkpoint.origin !== parsed.name || entry.origin !== parsed.name) {
        throw new ProofError("the entry, the checkpoint and the key name different logs");
      }
      await verifyNote(note, parsed);
      return [parsed, `the Ed25519 key ${parsed.name} (ID ${hex(parsed.keyID)}) signed the checkpoint.`];
    });
    show(result, "ok", `Verified: entry ${proof.index} is in the log ${key.name}, whose checkpoint of size ${checkpoint.size} its key signed.`);
  } catch (error) {
    show(result, "failed", `The proof does not check out: ${error.message}.`);
  }
}

const fileResult = document.getElementById("file-result");
hashChosenFiles({
  zone: document.getElementById("drop"),
  input: document.getElementById("file"),
  status: fileResult,
  async onHashed(digest, file) {
    const facts = await report;
    const position = facts.file_hashes.indexOf(digest);
    if (digest === facts.hash) {
      show(fileResult, "ok", `${file.name} matches: its SHA-256 is this report's hash.`);
    } else if (position >= 0) {
      show(fileResult, "ok", `${file.name} matches: its SHA-256 is the hash of file ${position + 1} of this report.`);
    } else {
      show(fileResult, "failed", `${file.name} does not match this report: its SHA-256 is ${digest}.`);
    }
  },
});
checkProof();