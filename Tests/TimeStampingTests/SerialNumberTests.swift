import Testing
import TimeStamping
import X509

@Suite struct SerialNumberTests {
    /// RFC 5280 caps serial numbers at 20 octets; a 21-octet one (a 20-octet value with its top
    /// bit set, plus the sign octet) makes poppler reject the signature.
    @Test func randomSerialsArePositiveAndFitTwentyOctets() {
        var seen: Set<[UInt8]> = []
        for _ in 0..<2000 {
            // The DER INTEGER's content octets: positive (top bit clear), minimal (no zero
            // first octet), at most 20 of them.
            let content = Array(Certificate.SerialNumber.random().bytes)
            #expect(content.count <= 20)
            #expect(content[0] & 0x80 == 0)
            #expect(content[0] != 0)
            seen.insert(content)
        }
        #expect(seen.count == 2000)
    }
}
