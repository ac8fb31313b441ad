// A file input plus a drop zone; the chosen file is hashed here, never uploaded.
import { SHA256, hex } from "./sha256.js";

const SLICE_BYTES = 4 * 1024 * 1024;

/**
 * The lowercase hex SHA-256 of a File, read in slices. Calls `onProgress(done, total)` after
 * each slice and stops with the signal's reason once `signal` is aborted.
 */
export async function hashFile(file, { signal, onProgress }) {
  const hasher = new SHA256();
  for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
    signal.throwIfAborted();
    hasher.update(new Uint8Array(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer()));
    onProgress(Math.min(offset + SLICE_BYTES, file.size), file.size);
  }
  return hex(hasher.digest());
}

/**
 * Hashes each file the person chooses with `input` or drops on `zone`, telling its progress
 * in `status` (an aria-live element), then calls `await onHashed(digest, file)`. `onStart(file)`
 * runs when a file is chosen. A newer choice abandons the work on an older one; an error is
 * told in `status`.
 */
export function hashChosenFiles({ zone, input, status, onStart = () => {}, onHashed }) {
  let current = new AbortController();
  async function hash(file) {
    current.abort();
    const run = new AbortController();
    current = run;
    onStart(file);
    status.dataset.state = "pending";
    status.textContent = `Hashing ${file.name} in your browser…`;
    let told = 0;
    try {
      const digest = await hashFile(file, {
        signal: run.signal,
        onProgress(done, total) {
          // Every tenth, not every slice, so that screen readers are not flooded.
          const tenths = Math.floor((done * 10) / total);
          if (tenths > told && tenths < 10) status.textContent = `Hashing ${file.name} in your browser… ${tenths * 10}%`;
          told = tenths;
        },
      });
      if (!run.signal.aborted) await onHashed(digest, file);
    } catch (error) {
      if (run.signal.aborted) return;
      status.dataset.state = "failed";
      status.textContent = `Could not check ${file.name}: ${error.message}`;
    }
  }

  input.addEventListener("change", () => {
    if (input.files.length > 0) hash(input.files[0]);
  });
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    const file = event.dataTransfer?.files[0];
    if (file) hash(file);
  });
  // A file dropped beside the zone would make the browser leave the page to open it.
  for (const type of ["dragover", "drop"]) document.addEventListener(type, (event) => event.preventDefault());
}