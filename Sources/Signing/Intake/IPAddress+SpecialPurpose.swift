extension IPAddress {
    /// The special-purpose block the address is in, or `nil` for a public unicast address:
    /// one a server on the internet may connect to on a client's behalf.
    ///
    /// An IPv6 address that carries an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, NAT64
    /// `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`) is judged by that IPv4 address, since
    /// connecting to it reaches the IPv4 host. Teredo addresses (2001::/32), whose IPv4 part
    /// is obscured, are refused as a whole.
    ///
    /// ```swift
    /// IPAddress("169.254.169.254")!.specialPurposeRange  // a link-local address … (169.254.0.0/16)
    /// IPAddress("::ffff:10.0.0.1")!.specialPurposeRange  // a private network address (RFC 1918) (10.0.0.0/8)
    /// IPAddress("93.184.215.14")!.specialPurposeRange    // nil
    /// ```
    public var specialPurposeRange: SpecialPurposeRange? {
        if isIPv4 {
            return SpecialPurposeRange.ipv4.first { $0.contains(self) }
        }
        for (carrier, offset) in SpecialPurposeRange.ipv4Carriers where carrier.contains(self) {
            return IPAddress(bytes: Array(bytes[offset..<(offset + 4)]))!.specialPurposeRange
        }
        return SpecialPurposeRange.ipv6.first { $0.contains(self) }
    }
}
