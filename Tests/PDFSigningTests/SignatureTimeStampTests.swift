import ChanceryTestSupport
import Foundation
import PDFSigning
import SwiftASN1
import Testing
import TimeStamping
import X509

/// PAdES B-T: a signature time-stamp from our in-process TSA, and from OpenSSL's TSA over HTTP.
@Suite struct SignatureTimeStampTests {
    /// A time-stamper over the fixtures' in-process TSA.
    static func localTimeStamper() throws -> AuthorityTimeStamper {
        AuthorityTimeStamper(authority: try SigningFixtures.tsaKeys.authority(policy: SigningFixtures.tsaPolicy))
    }

    /// The DER of the signature time-stamp token in the CMS `der`, and the signer's signature value.
    static func token(in der: [UInt8]) throws -> (token: [UInt8], signature: [UInt8]) {
        let signer = try SigningFixtures.signerInfo(der)
        let attributes = signer.unsignedAttrs ?? []
        let attribute = try #require(attributes.first { $0.attrType == [1, 2, 840, 113549, 1, 9, 16, 2, 14] })
        #expect(attributes.count == 1)
        #expect(attribute.attrValues.count == 1)
        var coder = DER.Serializer()
        try coder.serialize(attribute.attrValues[0])
        return (coder.serializedBytes, Array(signer.signature))
    }

    @Test(arguments: [SigningKeyType.rsa2048, .p256])
    func tokenCoversTheSignatureValue(keyType: SigningKeyType) async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: keyType, profile: .padesBaselineB, timeStamper: Self.localTimeStamper())
        let (token, signature) = try Self.token(in: der)
        let info = try TSTInfo(derEncoded: try #require(try ContentInfo(derEncoded: token).signedData().encapContentInfo.eContent))
        #expect(info.messageImprint == MessageImprint(.sha256, digest: DigestAlgorithm.sha256.hash(signature)))
        #expect(info.policy == SigningFixtures.tsaPolicy)

        let roots = [try SigningFixtures.root(SigningFixtures.generated(keyType))]
        let trusted = try await CMSSignatureVerifier(trustedRoots: roots, timeStampRoots: [SigningFixtures.tsaKeys.rootCertificate])
            .verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(trusted.isValid)
        let timeStamp = try #require(trusted.timeStamp)
        #expect(timeStamp.imprintMatches)
        #expect(timeStamp.verification == .passed)
        #expect(trusted.validationTime == timeStamp.time)
        #expect(abs(try #require(timeStamp.time).timeIntervalSinceNow) < 60)

        let untrusted = try await CMSSignatureVerifier(trustedRoots: roots).verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(untrusted.timeStamp?.imprintMatches == true)
        #expect(untrusted.timeStamp?.verification.isPassed == false)
        #expect(!untrusted.isValid)
    }

    @Test func opensslVerifiesTheTokenAndTheSignature() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .padesBaselineB, timeStamper: Self.localTimeStamper())
        let (token, signature) = try Self.token(in: der)
        let openssl = try OpenSSLInteropTests.workspace(content: content, keyType: .rsa2048)
        defer { openssl.remove() }
        try openssl.write(der, to: "sig.der")
        try openssl.write(token, to: "token.der")
        try openssl.write(try SigningFixtures.tsaKeys.rootCertificatePEM, to: "tsa-root.pem")

        let digestHex = DigestAlgorithm.sha256.hash(signature).map { String(format: "%02x", $0) }.joined()
        let tokenCheck = try await openssl.run(["ts", "-verify", "-digest", digestHex, "-in", "token.der", "-token_in", "-CAfile", "tsa-root.pem"])
        #expect(tokenCheck.status == 0, "\(tokenCheck.output)")
        #expect(tokenCheck.output.contains("Verification: OK"), "\(tokenCheck.output)")

        let cmsCheck = try await openssl.run([
            "cms", "-verify", "-binary", "-inform", "DER", "-in", "sig.der", "-content", "data.bin",
            "-CAfile", "ca.pem", "-purpose", "any", "-out", "/dev/null",
        ])
        #expect(cmsCheck.status == 0, "\(cmsCheck.output)")
        print("CMS size, RSA-2048 with 2 certificates and a P-256 TSA token: \(der.count) bytes")
    }

    @Test func failingTimeStamperFailsTheSignature() async throws {
        let signer = try CMSDetachedSigner(
            credentials: SigningFixtures.p256.credentials(),
            profile: .padesBaselineB,
            timeStamper: HTTPTimeStamper(url: URL(string: "http://127.0.0.1:9/tsa")!, timeout: 5)
        )
        await #expect(throws: (any Error).self) {
            try await signer.signature(forContentDigest: DigestAlgorithm.sha256.hash(SigningFixtures.content()), signingTime: Date())
        }
    }

    /// A one-request HTTP TSA: Python's http.server answering with `openssl ts -reply`, signed
    /// with the fixtures' TSA certificate.
    static let opensslTSAServer = """
        import http.server, os, subprocess, sys
        directory = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers['Content-Length']))
                with open(os.path.join(directory, 'req.tsq'), 'wb') as f:
                    f.write(body)
                answer = subprocess.run(['openssl', 'ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'req.tsq',
                    '-out', 'resp.tsr'], cwd=directory, capture_output=True)
                if answer.returncode != 0 or self.headers['Content-Type'] != 'application/timestamp-query':
                    self.send_response(500)
                    self.end_headers()
                    return
                with open(os.path.join(directory, 'resp.tsr'), 'rb') as f:
                    reply = f.read()
                self.send_response(200)
                self.send_header('Content-Type', 'application/timestamp-reply')
                self.send_header('Content-Length', str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)
            def log_message(self, *arguments):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        print(server.server_address[1], flush=True)
        server.handle_request()
        """

    /// The `openssl ts -reply` configuration of that TSA.
    static let opensslTSAConfiguration = """
        [ tsa ]
        default_tsa = tsa_config
        [ tsa_config ]
        serial = tsaserial
        signer_cert = tsa.pem
        signer_key = tsa.key
        signer_digest = sha256
        default_policy = 1.3.6.1.4.1.99999.3
        digests = sha256, sha384, sha512
        accuracy = secs:1
        ess_cert_id_alg = sha256
        """

    @Test func httpTimeStamperWithOpenSSLTSA() async throws {
        let content = SigningFixtures.content()
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        try openssl.write(Self.opensslTSAServer, to: "tsa.py")
        try openssl.write(Self.opensslTSAConfiguration, to: "tsa.cnf")
        try openssl.write("01\n", to: "tsaserial")
        try openssl.write(try SigningFixtures.tsaKeys.certificatePEM, to: "tsa.pem")
        try openssl.write(SigningFixtures.tsaKeys.signingKeyPEM, to: "tsa.key")

        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [openssl.path("tsa.py"), openssl.directory.path]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { if server.isRunning { server.terminate() } }
        let printed = PrintedOutput(reading: output.fileHandleForReading)
        let portLine = try await printed.firstLine(of: server, timeout: .seconds(30)) { !$0.isEmpty }
        let port = try #require(portLine, "the TSA server exited before printing its port: \(printed.text)").trimmingCharacters(
            in: .whitespacesAndNewlines)
        let timeStamper = HTTPTimeStamper(url: try #require(URL(string: "http://127.0.0.1:\(port)/tsa")), timeout: 20)

        let der = try await SigningFixtures.sign(content, keyType: .p256, profile: .padesBaselineB, timeStamper: timeStamper)
        let verifier = CMSSignatureVerifier(
            trustedRoots: [try SigningFixtures.root(SigningFixtures.p256)],
            timeStampRoots: [SigningFixtures.tsaKeys.rootCertificate]
        )
        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(result.timeStamp?.imprintMatches == true)
        #expect(result.timeStamp?.verification == .passed)
        #expect(result.isValid)
    }
}
