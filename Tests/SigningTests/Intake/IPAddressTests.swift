import Testing

@testable import Signing

/// Checks which addresses the `file_url` guard treats as non-public, and how addresses are
/// read and written.
@Suite struct IPAddressTests {
    /// Addresses that are not public, with the block that should be reported.
    static let specialPurpose: [(address: String, block: String)] = [
        ("0.0.0.0", "0.0.0.0/8"),
        ("0.1.2.3", "0.0.0.0/8"),
        ("10.0.0.1", "10.0.0.0/8"),
        ("10.255.255.255", "10.0.0.0/8"),
        ("100.64.0.1", "100.64.0.0/10"),
        ("100.127.255.254", "100.64.0.0/10"),
        ("127.0.0.1", "127.0.0.0/8"),
        ("127.255.0.1", "127.0.0.0/8"),
        ("169.254.169.254", "169.254.0.0/16"),
        ("169.254.0.1", "169.254.0.0/16"),
        ("172.16.0.1", "172.16.0.0/12"),
        ("172.31.255.255", "172.16.0.0/12"),
        ("192.0.0.8", "192.0.0.0/24"),
        ("192.0.2.10", "192.0.2.0/24"),
        ("192.168.1.1", "192.168.0.0/16"),
        ("198.18.0.1", "198.18.0.0/15"),
        ("198.19.255.1", "198.18.0.0/15"),
        ("198.51.100.7", "198.51.100.0/24"),
        ("203.0.113.9", "203.0.113.0/24"),
        ("224.0.0.251", "224.0.0.0/4"),
        ("239.255.255.250", "224.0.0.0/4"),
        ("240.0.0.1", "240.0.0.0/4"),
        ("255.255.255.255", "240.0.0.0/4"),
        ("::", "::/128"),
        ("::1", "::1/128"),
        ("::ffff:127.0.0.1", "127.0.0.0/8"),
        ("::ffff:7f00:1", "127.0.0.0/8"),
        ("::ffff:10.1.2.3", "10.0.0.0/8"),
        ("::ffff:169.254.169.254", "169.254.0.0/16"),
        ("::ffff:0.0.0.0", "0.0.0.0/8"),
        ("::127.0.0.1", "::/8"),
        ("64:ff9b::10.0.0.1", "10.0.0.0/8"),
        ("64:ff9b::7f00:1", "127.0.0.0/8"),
        ("64:ff9b:1::1", "64:ff9b:1::/48"),
        ("2002:7f00:1::", "127.0.0.0/8"),
        ("2002:c0a8:101::1", "192.168.0.0/16"),
        ("100::1", "100::/64"),
        ("2001::1", "2001::/32"),
        ("2001:db8::1", "2001:db8::/32"),
        ("3fff::1", "3fff::/20"),
        ("fc00::1", "fc00::/7"),
        ("fd12:3456:789a::1", "fc00::/7"),
        ("fe80::1", "fe80::/10"),
        ("febf::1", "fe80::/10"),
        ("fec0::1", "fec0::/10"),
        ("ff02::1", "ff00::/8"),
        ("4000::1", "4000::/3"),
        ("1000::1", "1000::/4"),
    ]

    /// Public addresses, some just outside the blocks above.
    static let publicAddresses = [
        "1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.1", "100.63.255.255", "100.128.0.1", "126.255.255.255",
        "128.0.0.1", "169.253.255.255", "169.255.0.1", "172.15.255.255", "172.32.0.1", "192.0.1.1", "192.167.255.255",
        "192.169.0.1", "198.17.255.255", "198.20.0.1", "223.255.255.255", "93.184.215.14",
        "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8",
        "64:ff9b::808:808", "2002:808:808::1", "2001:db9::1",
    ]

    @Test(arguments: specialPurpose)
    func specialPurposeAddressesAreRecognised(address: String, block: String) throws {
        let parsed = try #require(IPAddress(address))
        let range = try #require(parsed.specialPurposeRange, "\(address) was taken for a public address")
        #expect(range.cidr == block, "\(address): \(range)")
        #expect(range.description.hasSuffix("(\(block))"))
    }

    @Test(arguments: publicAddresses)
    func publicAddressesPass(address: String) throws {
        let parsed = try #require(IPAddress(address))
        #expect(parsed.specialPurposeRange == nil, "\(address): \(String(describing: parsed.specialPurposeRange))")
    }

    @Test func addressesAreReadAndWrittenInStandardForm() throws {
        #expect(IPAddress("192.0.2.1")?.bytes == [192, 0, 2, 1])
        #expect(IPAddress("192.0.2.1")?.isIPv4 == true)
        #expect(IPAddress("[2001:DB8:0:0::1]")?.description == "2001:db8::1")
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("::ffff:127.0.0.1")?.isIPv4 == false)
        #expect(IPAddress(bytes: [10, 0, 0, 1])?.description == "10.0.0.1")
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        for notAnAddress in ["", "localhost", "127.1", "0x7f.0.0.1", "2130706433", "1.2.3.4.5", "::g", "[::1"] {
            #expect(IPAddress(notAnAddress) == nil, "\(notAnAddress)")
        }
    }

    @Test func loopbackAndMetadataAddressesSayWhatTheyAre() throws {
        #expect(IPAddress("127.0.0.1")?.specialPurposeRange?.description == "a loopback address (127.0.0.0/8)")
        let metadata = try #require(IPAddress("169.254.169.254")?.specialPurposeRange)
        #expect(metadata.purpose.contains("cloud metadata"))
    }
}
