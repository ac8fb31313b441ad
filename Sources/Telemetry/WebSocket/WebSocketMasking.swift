import NIOWebSocket

/// Masking of WebSocket frame data (RFC 6455 §5.3) eight bytes at a time: each byte XORed
/// with the byte of the 4-byte key at its position modulo 4. Masking and unmasking are the same
/// operation; NIOWebSocket does it a byte at a time.
///
/// The server unmasks what clients send with it (``WebSocketUnmasking``); a client masks what
/// it sends with it.
///
/// ```swift
/// frame.writeWithUnsafeMutableBytes(minimumWritableBytes: payload.count) { destination in
///     WebSocketMasking.apply(key, from: payload, to: destination)
///     return payload.count
/// }
/// ```
public enum WebSocketMasking {
    /// Writes `source` XORed with `key` repeated (the first byte with the key's first byte)
    /// to the start of `destination`, which has room for it: masking and unmasking are the same
    /// operation.
    public static func apply(_ key: WebSocketMaskingKey, from source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawBufferPointer) {
        precondition(destination.count >= source.count, "no room for the masked bytes")
        guard let from = source.baseAddress, let to = destination.baseAddress else { return }
        // The key four times over, in memory order, so that a word loaded from offset 8n is
        // XORed with the key bytes that belong to its offsets.
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { wordBytes in
            for index in 0..<8 { wordBytes[index] = key[index % 4] }
        }
        let count = source.count
        var offset = 0
        while offset + 8 <= count {
            let value = from.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            to.storeBytes(of: value ^ word, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            destination[offset] = source[offset] ^ key[offset % 4]
            offset += 1
        }
    }
}
