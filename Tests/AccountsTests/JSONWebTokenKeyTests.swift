import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import Testing

@Suite struct JSONWebTokenKeyTests {
    struct Claims: Codable, Equatable {
        let sub: String
        let exp: Int
    }

    let key = JSONWebTokenKey(privateKey: P256.Signing.PrivateKey())
    let claims = Claims(sub: "edge-1", exp: 1_900_000_000)

    @Test func aSignedTokenVerifiesAndGivesItsClaimsBack() throws {
        let token = try key.sign(claims)
        #expect(token.split(separator: ".").count == 3)
        #expect(try key.verify(token, as: Claims.self) == claims)
        let header = try #require(Base64URL.decode(String(token.split(separator: ".")[0])))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"ES256","kid":"\#(key.id)","typ":"JWT"}"#)
    }

    @Test func aChangedPayloadOrSignatureIsRefused() throws {
        let parts = try key.sign(claims).split(separator: ".").map(String.init)
        let forged = Base64URL.encode(Data(#"{"exp":1900000000,"sub":"admin"}"#.utf8))
        #expect(throws: JSONWebTokenError.badSignature) { try key.verify([parts[0], forged, parts[2]].joined(separator: "."), as: Claims.self) }
        var signature = try #require(Base64URL.decode(parts[2]))
        signature[10] ^= 1
        #expect(throws: JSONWebTokenError.badSignature) {
            try key.verify([parts[0], parts[1], Base64URL.encode(signature)].joined(separator: "."), as: Claims.self)
        }
    }

    @Test func anotherKeysTokenOrAnotherAlgorithmIsRefused() throws {
        let other = JSONWebTokenKey(privateKey: P256.Signing.PrivateKey())
        #expect(throws: JSONWebTokenError.self) { try key.verify(try other.sign(claims), as: Claims.self) }
        let parts = try key.sign(claims).split(separator: ".").map(String.init)
        let none = Base64URL.encode(Data(#"{"alg":"none","kid":"\#(key.id)"}"#.utf8))
        #expect(throws: JSONWebTokenError.unexpectedHeader("alg none, expected ES256")) {
            try key.verify([none, parts[1], ""].joined(separator: "."), as: Claims.self)
        }
    }

    @Test(arguments: ["", "a.b", "a.b.c.d", "!!.??.**", "e30.e30.AAAA"])
    func malformedTokensAreRefused(token: String) {
        #expect(throws: JSONWebTokenError.self) { try key.verify(token, as: Claims.self) }
    }

    @Test func base64URLRoundTripsAndRefusesStandardBase64() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(($0 * 37 + 250) % 256) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == Data(bytes))
        }
        #expect(Base64URL.decode("ab+/") == nil)
    }

    /// Python's `cryptography` (in the project's venv) verifies the token with the public JWK
    /// alone, and computes the same RFC 7638 thumbprint: an independent reading of both.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Self.python.path), "needs the project's .venv"))
    func anIndependentVerifierAcceptsTheTokenAndTheThumbprint() async throws {
        let token = try key.sign(claims)
        let jwk = String(decoding: try JSONEncoder().encode(key.publicJWK), as: UTF8.self)
        let script = """
            import base64, hashlib, json, sys
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
            def b64(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            jwk, token = json.loads(sys.argv[1]), sys.argv[2]
            header, payload, signature = token.split(".")
            key = ec.EllipticCurvePublicNumbers(int.from_bytes(b64(jwk["x"]), "big"), int.from_bytes(b64(jwk["y"]), "big"), ec.SECP256R1()).public_key()
            raw = b64(signature)
            key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")), f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
            members = json.dumps({k: jwk[k] for k in ("crv", "kty", "x", "y")}, separators=(",", ":"), sort_keys=True)
            print(base64.urlsafe_b64encode(hashlib.sha256(members.encode()).digest()).decode().rstrip("="))
            print(json.loads(b64(payload))["sub"])
            """
        let result = try await Subprocess.run(Self.python, ["-c", script, jwk, token])
        let printed = result.outputText
        #expect(result.status == 0, "\(result.errorsText)")
        #expect(printed.split(separator: "\n").map(String.init) == [key.id, "edge-1"])
    }

    static let python = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".venv/bin/python")
}
