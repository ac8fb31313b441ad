import Testing

@testable import PDF

@Suite struct MD5Tests {
    /// The test suite of RFC 1321 §A.5, and messages around the padding boundaries.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        (String(repeating: "a", count: 55), "ef1772b6dff9a122358552954ad0df65"),
        (String(repeating: "a", count: 56), "3b0c8ac703f828b04c6c197006d17218"),
        (String(repeating: "a", count: 63), "b06521f39153d618550606be297466d5"),
        (String(repeating: "a", count: 64), "014842d480b571495a4a0363793f7367"),
        (String(repeating: "a", count: 65), "c743a45e0d2e6a95cb859adae0248435"),
        (String(repeating: "a", count: 1000), "cabe45dcc9ae5b66ba86600cca6b8ba8"),
    ])
    func digest(message: String, expected: String) {
        #expect(MD5.hash(Array(message.utf8)).hex == expected)
    }

    @Test func digestOfEveryByteValue() {
        #expect(MD5.hash((0...255).map { UInt8($0) }).hex == "e2c865db4162bed963bfaa9ef6ac18f0")
    }
}

extension [UInt8] {
    /// The bytes in lower-case hexadecimal.
    fileprivate var hex: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
