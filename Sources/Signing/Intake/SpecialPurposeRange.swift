/// A block of IP addresses set aside for something other than reaching public hosts:
/// loopback, private networks, link-local, multicast, documentation and the like (the IANA
/// special-purpose address registries, RFC 6890 and successors).
public struct SpecialPurposeRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the block.
    public let network: IPAddress
    /// How many leading bits the block's addresses share.
    public let prefixLength: Int
    /// What the block is for, as a noun phrase with its article: "a loopback address".
    public let purpose: String

    /// The block `network`/`prefixLength`, whose addresses are each `purpose`.
    init(_ network: String, _ prefixLength: Int, _ purpose: String) {
        self.network = IPAddress(network)!
        self.prefixLength = prefixLength
        self.purpose = purpose
    }

    /// The block in CIDR notation: `127.0.0.0/8`.
    public var cidr: String {
        "\(network)/\(prefixLength)"
    }

    /// `a loopback address (127.0.0.0/8)`.
    public var description: String {
        "\(purpose) (\(cidr))"
    }

    /// Whether `address` is in the block.
    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        let wholeBytes = prefixLength / 8
        guard address.bytes.prefix(wholeBytes) == network.bytes.prefix(wholeBytes) else { return false }
        let remainingBits = prefixLength % 8
        guard remainingBits > 0 else { return true }
        let mask = UInt8(0xFF) << (8 - remainingBits)
        return address.bytes[wholeBytes] & mask == network.bytes[wholeBytes] & mask
    }

    /// The IPv4 blocks that are not public unicast.
    static let ipv4: [SpecialPurposeRange] = [
        SpecialPurposeRange("0.0.0.0", 8, "an address of “this network”"),
        SpecialPurposeRange("10.0.0.0", 8, "a private network address (RFC 1918)"),
        SpecialPurposeRange("100.64.0.0", 10, "a carrier-grade NAT address (RFC 6598)"),
        SpecialPurposeRange("127.0.0.0", 8, "a loopback address"),
        SpecialPurposeRange("169.254.0.0", 16, "a link-local address, where cloud metadata services answer"),
        SpecialPurposeRange("172.16.0.0", 12, "a private network address (RFC 1918)"),
        SpecialPurposeRange("192.0.0.0", 24, "an IETF protocol address"),
        SpecialPurposeRange("192.0.2.0", 24, "a documentation address"),
        SpecialPurposeRange("192.88.99.0", 24, "a 6to4 relay address"),
        SpecialPurposeRange("192.168.0.0", 16, "a private network address (RFC 1918)"),
        SpecialPurposeRange("198.18.0.0", 15, "a benchmarking address"),
        SpecialPurposeRange("198.51.100.0", 24, "a documentation address"),
        SpecialPurposeRange("203.0.113.0", 24, "a documentation address"),
        SpecialPurposeRange("224.0.0.0", 4, "a multicast address"),
        SpecialPurposeRange("240.0.0.0", 4, "a reserved or broadcast address"),
    ]

    /// The IPv6 blocks that are not public unicast, after the blocks that embed an IPv4
    /// address (``IPAddress/specialPurposeRange`` judges those by that address). Everything
    /// outside 2000::/3, the only block assigned for global unicast, is listed.
    static let ipv6: [SpecialPurposeRange] =
        [
            SpecialPurposeRange("::", 128, "the unspecified address"),
            SpecialPurposeRange("::1", 128, "the loopback address"),
            SpecialPurposeRange("64:ff9b:1::", 48, "a local-use NAT64 address"),
            SpecialPurposeRange("::", 8, "a reserved address (IPv4-compatible and other deprecated forms)"),
            SpecialPurposeRange("100::", 64, "a discard-only address"),
            SpecialPurposeRange("2001::", 32, "a Teredo tunnel address"),
            SpecialPurposeRange("2001:2::", 48, "a benchmarking address"),
            SpecialPurposeRange("2001:10::", 28, "an ORCHID identifier"),
            SpecialPurposeRange("2001:20::", 28, "an ORCHID identifier"),
            SpecialPurposeRange("2001:db8::", 32, "a documentation address"),
            SpecialPurposeRange("3fff::", 20, "a documentation address"),
            SpecialPurposeRange("fc00::", 7, "a unique local address"),
            SpecialPurposeRange("fe80::", 10, "a link-local address"),
            SpecialPurposeRange("fec0::", 10, "a site-local address"),
            SpecialPurposeRange("ff00::", 8, "a multicast address"),
        ]
        + [
            "100::/8", "200::/7", "400::/6", "800::/5", "1000::/4", "4000::/3", "6000::/3", "8000::/3", "a000::/3", "c000::/3", "e000::/4",
            "f000::/5", "f800::/6", "fe00::/9",
        ].map {
            let parts = $0.split(separator: "/")
            return SpecialPurposeRange(String(parts[0]), Int(parts[1])!, "an address the IETF keeps in reserve")
        }

    /// IPv6 blocks that carry an IPv4 address, and where in the 16 bytes it is.
    static let ipv4Carriers: [(range: SpecialPurposeRange, offset: Int)] = [
        (SpecialPurposeRange("::ffff:0:0", 96, "an IPv4-mapped address"), 12),
        (SpecialPurposeRange("64:ff9b::", 96, "a NAT64 address"), 12),
        (SpecialPurposeRange("2002::", 16, "a 6to4 address"), 2),
    ]
}
