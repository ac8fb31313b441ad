import HTTPSupport
import Testing

/// The one rule for what a `Host` (or a trusted `X-Forwarded-Host`) may hold.
@Suite struct PublicOriginTests {
    @Test(arguments: [
        "example.com", "example.com:8080", "chancery_1.internal", "127.0.0.1:65535", "[::1]", "[::1]:8080",
        "[2001:db8::192.0.2.1]:443", String(repeating: "a", count: 255),
    ])
    func aHostWithAnOptionalPortIsWellFormed(_ authority: String) {
        #expect(PublicOrigin.isWellFormed(authority: authority))
    }

    @Test(arguments: [
        "", "example.com:", "example.com:65536", "example.com:123456", "example.com:80a", "example.com:+80", ":8080",
        "exa mple.com", "user@example.com", "example.com/path", "<script>", "[::1", "[]", "[::1]x", "[::1]:", "[::g]",
        "[ＡＢ::1]", "héllo.example", "example.com：80", String(repeating: "a", count: 256),
    ])
    func anythingElseIsNot(_ authority: String) {
        #expect(!PublicOrigin.isWellFormed(authority: authority))
    }
}
