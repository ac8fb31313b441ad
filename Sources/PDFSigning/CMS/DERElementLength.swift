/// The length of the DER element at the start of `bytes` (header and contents), read from its
/// header alone; `nil` if the header is truncated, uses an indefinite or over-long length, or a
/// multi-byte tag.
///
/// A PDF's `/Contents` holds the CMS followed by zero padding, so the CMS must be cut out of it
/// by its own length rather than by trimming zeros, which the DER itself may end with.
func derElementLength(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 2, bytes[0] & 0x1F != 0x1F else { return nil }
    let first = bytes[1]
    if first < 0x80 {
        return 2 + Int(first)
    }
    let lengthBytes = Int(first & 0x7F)
    guard lengthBytes > 0, lengthBytes <= 4, bytes.count >= 2 + lengthBytes else { return nil }
    let length = bytes[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | Int($1) }
    return 2 + lengthBytes + length
}
