import HTTPSupport
import Testing

@Suite("Content security policy")
struct ContentSecurityPolicyTests {
    @Test("an empty policy refuses everything, forms and framing included")
    func refusesEverything() {
        #expect(ContentSecurityPolicy().headerValue == "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    }

    @Test("directives come in one order whatever is set, with their sources in the order given")
    func fixedOrder() {
        var policy = ContentSecurityPolicy()
        policy.fonts = ["'self'"]
        policy.connections = ["'self'"]
        policy.images = ["'self'", "data:"]
        policy.scripts = ["'self'"]
        policy.formTargets = ["'self'", "https://client.example"]
        policy.frameAncestors = nil
        #expect(
            policy.headerValue
                == "default-src 'none'; script-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; "
                + "base-uri 'none'; form-action 'self' https://client.example")
    }
}
