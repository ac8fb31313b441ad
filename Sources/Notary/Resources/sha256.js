// SHA-256 (FIPS 180-4), fed in pieces; about 80 MB/s in a current browser. Arithmetic is on
// 32-bit integers: `| 0` wraps sums, `>>>` and `<<` rotate.

const ROUND_CONSTANTS = Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

const words = new Int32Array(64);

/** Runs the compression function on `state` with the 64-byte block at `offset` of a DataView. */
function compress(state, view, offset) {
  const w = words;
  for (let i = 0; i < 16; i++) w[i] = view.getInt32(offset + i * 4);
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15];
    const y = w[i - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  // Locals, not destructuring: this loop is where all the time goes.
  let a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
  for (let i = 0; i < 64; i++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + sum1 + choice + ROUND_CONSTANTS[i] + w[i]) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + sum0 + majority) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

/** A SHA-256 computation: `update` with each piece in order, then `digest` once. */
export class SHA256 {
  #state = Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
  #block = new Uint8Array(64);
  #blockView = new DataView(this.#block.buffer);
  #blockLength = 0;
  #byteCount = 0;

  /** Adds the bytes of a Uint8Array; returns this. */
  update(bytes) {
    this.#byteCount += bytes.length;
    let offset = 0;
    if (this.#blockLength > 0) {
      offset = Math.min(64 - this.#blockLength, bytes.length);
      this.#block.set(bytes.subarray(0, offset), this.#blockLength);
      this.#blockLength += offset;
      if (this.#blockLength < 64) return this;
      compress(this.#state, this.#blockView, 0);
      this.#blockLength = 0;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (; offset + 64 <= bytes.length; offset += 64) compress(this.#state, view, offset);
    this.#block.set(bytes.subarray(offset), 0);
    this.#blockLength = bytes.length - offset;
    return this;
  }

  /** The 32-byte digest of everything added. */
  digest() {
    // 0x80, zeros up to 56 mod 64, then the length in bits as a 64-bit big-endian number.
    const padding = new Uint8Array((this.#blockLength < 56 ? 56 : 120) - this.#blockLength + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, Math.floor(this.#byteCount / 0x20000000));
    view.setUint32(padding.length - 4, (this.#byteCount * 8) >>> 0);
    this.update(padding);
    const digest = new Uint8Array(32);
    const out = new DataView(digest.buffer);
    this.#state.forEach((word, index) => out.setInt32(index * 4, word));
    return digest;
  }
}

/** The SHA-256 digest of a Uint8Array. */
export function sha256(bytes) {
  return new SHA256().update(bytes).digest();
}

/** Bytes as lowercase hex. */
export function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}