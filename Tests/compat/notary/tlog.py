"""An independent verifier of Chancery's transparency log, written from the specifications, not
from the server's code:

- C2SP signed-note (checkpoint signature, Ed25519 key IDs) and the verifier key format;
- C2SP tlog-checkpoint (origin, size, base64 root);
- C2SP tlog-tiles (tile paths, entry bundles);
- RFC 6962 / RFC 9162 Merkle tree hashing and consistency proofs.
"""

import base64
import hashlib
import re
import struct
from datetime import datetime, timezone

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

TILE_WIDTH = 256


def sha256(data):
    return hashlib.sha256(data).digest()


def leaf_hash(entry):
    """RFC 6962 section 2.1: MTH({d(0)}) = SHA-256(0x00 || d(0))."""
    return sha256(b"\x00" + entry)


def node_hash(left, right):
    return sha256(b"\x01" + left + right)


def merkle_root(leaves):
    """RFC 6962 MTH over already-hashed leaves: k is the largest power of two smaller than n."""
    n = len(leaves)
    if n == 0:
        return sha256(b"")
    if n == 1:
        return leaves[0]
    k = 1
    while k * 2 < n:
        k *= 2
    return node_hash(merkle_root(leaves[:k]), merkle_root(leaves[k:]))


def b64decode(text):
    """Strict standard base64 (with padding): rejects characters outside the alphabet."""
    return base64.b64decode(text, validate=True)


def ed25519_key_id(name, public_key):
    """C2SP signed-note: key ID = SHA-256(key name || 0x0A || 0x01 || 32-byte public key)[:4]."""
    return sha256(name.encode() + b"\n" + b"\x01" + public_key)[:4]


class VerifierKey:
    """A C2SP verifier key `<name>+<hex key ID>+<base64(0x01 || Ed25519 public key)>`."""

    def __init__(self, text):
        # The name cannot contain '+', the key ID is hex, but base64 may contain '+'.
        name, key_id_hex, encoded = text.split("+", 2)
        assert name and all(c > " " for c in name), f"bad key name {name!r}"
        assert re.fullmatch(r"[0-9a-f]{8}", key_id_hex), f"key ID is not 8 lowercase hex digits: {key_id_hex!r}"
        key = b64decode(encoded)
        assert len(key) == 33 and key[0] == 0x01, f"expected 0x01 || 32-byte Ed25519 key, got {key.hex()}"
        self.name = name
        self.key_id = bytes.fromhex(key_id_hex)
        self.public_key = key[1:]
        assert ed25519_key_id(name, self.public_key) == self.key_id, (
            f"vkey key ID {key_id_hex} != SHA-256(name || 0x0A || 0x01 || key)[:4] = "
            f"{ed25519_key_id(name, self.public_key).hex()}"
        )

    def verify(self, message, signature):
        """Raises InvalidSignature unless `signature` is this key's Ed25519 signature of `message`."""
        Ed25519PublicKey.from_public_bytes(self.public_key).verify(signature, message)


class Checkpoint:
    """A C2SP tlog-checkpoint in a signed note, with its signature by `vkey` verified."""

    def __init__(self, text, vkey):
        assert "\n\n" in text, f"no blank line between note body and signatures:\n{text}"
        body, signatures = text.split("\n\n", 1)
        body += "\n"  # the signed text is the body including its final newline
        lines = body.split("\n")[:-1]
        assert len(lines) >= 3, f"checkpoint body needs origin, size and root lines:\n{body}"
        self.origin = lines[0]
        assert re.fullmatch(r"0|[1-9][0-9]*", lines[1]), f"size must be decimal without leading zeros: {lines[1]!r}"
        self.size = int(lines[1])
        self.root = b64decode(lines[2])
        assert len(self.root) == 32, f"root is {len(self.root)} bytes"
        self.body = body

        assert signatures.endswith("\n"), f"signature lines must end with a newline: {signatures!r}"
        self.signatures = []
        for line in signatures[:-1].split("\n"):
            match = re.fullmatch(r"\u2014 (\S+) (\S+)", line)
            assert match, f"not a signature line ('\u2014 NAME BASE64'): {line!r}"
            raw = b64decode(match.group(2))
            assert len(raw) >= 5, f"signature too short: {line!r}"
            self.signatures.append((match.group(1), raw[:4], raw[4:]))

        mine = [s for s in self.signatures if s[0] == vkey.name and s[1] == vkey.key_id]
        assert mine, (
            f"no signature line by {vkey.name} with key ID {vkey.key_id.hex()}; lines: "
            f"{[(name, key_id.hex()) for name, key_id, _ in self.signatures]}"
        )
        assert len(mine[0][2]) == 64, f"an Ed25519 signature is 64 bytes, got {len(mine[0][2])}"
        try:
            vkey.verify(self.body.encode(), mine[0][2])
        except InvalidSignature:
            pytest.fail(f"checkpoint signature does not verify with {vkey.name}:\n{text}")
        self.signature = mine[0][2]


def tile_index_path(n):
    """tlog-tiles: N as zero-padded 3-digit path elements, all but the last prefixed with 'x'."""
    groups = []
    while True:
        groups.append(n % 1000)
        n //= 1000
        if n == 0:
            break
    groups.reverse()
    return "/".join([f"x{g:03d}" for g in groups[:-1]] + [f"{groups[-1]:03d}"])


def tiles(count):
    """(index, width, suffix) of the tiles holding `count` items: full ones, then a partial one."""
    for index in range(count // TILE_WIDTH):
        yield index, TILE_WIDTH, ""
    if count % TILE_WIDTH:
        yield count // TILE_WIDTH, count % TILE_WIDTH, f".p/{count % TILE_WIDTH}"


def parse_entry_bundle(data, width):
    """tlog-tiles entry bundle: each entry as a big-endian uint16 length then its bytes."""
    entries = []
    offset = 0
    while offset < len(data):
        assert offset + 2 <= len(data), f"truncated length prefix at byte {offset}"
        (length,) = struct.unpack(">H", data[offset : offset + 2])
        offset += 2
        assert offset + length <= len(data), f"entry {len(entries)} runs past the bundle end"
        entries.append(data[offset : offset + length])
        offset += length
    assert len(entries) == width, f"bundle holds {len(entries)} entries, expected {width}"
    return entries


ENTRY_HASH = re.compile(r"hash ([0-9a-f]{2,64})")
ENTRY_SHA256 = re.compile(r"sha256 ([0-9a-f]{64})")
ENTRY_META = re.compile(r"meta (\S+)")
ENTRY_SLUG = re.compile(r"slug (\S+)")
ENTRY_RECEIVED = re.compile(r"received (0|[1-9][0-9]*)")


def parse_entry(entry, origin):
    """`<origin>/entry/v1`, `hash HEX`, zero or more `sha256 HEX`, `meta B64`, `slug S`,
    `received MS`, each line ending in a newline."""
    text = entry.decode("utf-8")
    assert text.endswith("\n"), f"entry does not end with a newline: {text!r}"
    lines = text[:-1].split("\n")
    assert lines[0] == f"{origin}/entry/v1", f"first line {lines[0]!r}, expected {origin}/entry/v1"
    assert len(lines) >= 5, f"entry too short: {text!r}"
    hash_match = ENTRY_HASH.fullmatch(lines[1])
    assert hash_match and len(hash_match.group(1)) % 2 == 0, f"bad hash line {lines[1]!r}"
    files = []
    for line in lines[2:-3]:
        match = ENTRY_SHA256.fullmatch(line)
        assert match, f"expected 'sha256 HEX' line, got {line!r} in {text!r}"
        files.append(match.group(1))
    meta, slug, received = (
        ENTRY_META.fullmatch(lines[-3]),
        ENTRY_SLUG.fullmatch(lines[-2]),
        ENTRY_RECEIVED.fullmatch(lines[-1]),
    )
    assert meta and slug and received, f"expected meta, slug and received lines at the end of {text!r}"
    assert len(b64decode(meta.group(1))) == 32, f"meta is not base64 of 32 bytes: {lines[-3]!r}"
    return {
        "hash": hash_match.group(1),
        "files": files,
        "meta": meta.group(1),
        "slug": slug.group(1),
        "received": datetime.fromtimestamp(int(received.group(1)) / 1000, tz=timezone.utc),
    }


def consistency_proof(leaves, old_size):
    """RFC 9162 section 2.1.4.1: PROOF(m, D[n]) over already-hashed leaves."""

    def subproof(m, nodes, complete):
        n = len(nodes)
        if m == n:
            return [] if complete else [merkle_root(nodes)]
        k = 1
        while k * 2 < n:
            k *= 2
        if m <= k:
            return subproof(m, nodes[:k], complete) + [merkle_root(nodes[k:])]
        return subproof(m - k, nodes[k:], False) + [merkle_root(nodes[:k])]

    assert 0 < old_size <= len(leaves)
    return subproof(old_size, leaves, True)


def verify_consistency(old_size, old_root, new_size, new_root, proof):
    """RFC 9162 section 2.1.4.2: whether `proof` shows the tree of `old_size` leaves with
    `old_root` is a prefix of the tree of `new_size` leaves with `new_root`."""
    if old_size == new_size:
        return not proof and old_root == new_root
    if not 0 < old_size < new_size or not proof:
        return False
    if old_size & (old_size - 1) == 0:  # a power of two: the old root starts the path
        proof = [old_root] + list(proof)
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    return sn == 0 and fr == old_root and sr == new_root
