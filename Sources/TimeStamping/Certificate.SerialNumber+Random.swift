import X509

extension Certificate.SerialNumber {
    /// A random serial number of at most 20 octets once DER-encoded (RFC 5280 §4.1.2.2): 159
    /// random bits, the top bit clear so that no leading zero octet is needed.
    ///
    /// swift-certificates' `SerialNumber()` draws 20 random octets; when the first is 0x80 or
    /// more the encoding takes 21, which poppler's `pdfsig` rejects as an unknown validation
    /// failure.
    public static func random() -> Certificate.SerialNumber {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = UInt8.random(in: 1...0x7F, using: &generator)
        return Certificate.SerialNumber(bytes: bytes)
    }
}
