import Accounts
import Testing

@Suite struct PKCETests {
    /// RFC 7636 Appendix B (the challenge there; Python's hashlib gives the same).
    @Test func theRFC7636ExampleVerifierGivesItsChallenge() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        #expect(PKCE.challenge(for: verifier) == challenge)
        #expect(PKCE.verify(verifier: verifier, challenge: challenge, method: "S256"))
        #expect(PKCE.isValidChallenge(challenge))
    }

    @Test func onlyS256AndTheRightVerifierPass() {
        let verifier = String(repeating: "a", count: 43)
        #expect(!PKCE.verify(verifier: verifier, challenge: verifier, method: "plain"))
        #expect(!PKCE.verify(verifier: verifier, challenge: PKCE.challenge(for: verifier), method: "s256"))
        #expect(!PKCE.verify(verifier: String(repeating: "b", count: 43), challenge: PKCE.challenge(for: verifier), method: "S256"))
        #expect(PKCE.verify(verifier: verifier, challenge: PKCE.challenge(for: verifier), method: "S256"))
    }

    @Test func verifiersHave43To128UnreservedCharacters() {
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 42)))
        #expect(PKCE.isValidVerifier(String(repeating: "a", count: 43)))
        #expect(PKCE.isValidVerifier(String(repeating: "Z", count: 128)))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 129)))
        #expect(PKCE.isValidVerifier("AZaz09-._~" + String(repeating: "x", count: 33)))
        for bad in ["+", "/", "=", " ", "é", "%"] {
            #expect(!PKCE.isValidVerifier(bad + String(repeating: "a", count: 42)), "\(bad) is not unreserved")
        }
        // A too-short verifier fails verification even when its hash matches.
        let short = String(repeating: "a", count: 42)
        #expect(!PKCE.verify(verifier: short, challenge: PKCE.challenge(for: short), method: "S256"))
    }

    @Test func challengesAre43Base64URLCharacters() {
        #expect(!PKCE.isValidChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c"))
        #expect(!PKCE.isValidChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw/cM"))
        #expect(!PKCE.isValidChallenge(""))
    }
}
