import Crypto

extension SHA256.Digest {
    /// The digest as 64 lowercase hexadecimal characters.
    public var hex: String { lowercaseHex(self) }
}

extension HashedAuthenticationCode<SHA256> {
    /// The authentication code as 64 lowercase hexadecimal characters.
    public var hex: String { lowercaseHex(self) }
}

/// `bytes` as lowercase hexadecimal characters, two per byte.
private func lowercaseHex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
