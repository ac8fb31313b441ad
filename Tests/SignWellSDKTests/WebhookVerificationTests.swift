import ChanceryTestSupport
import Foundation
import SignWellSDK
import Testing

/// Webhook checks against HMACs computed by OpenSSL, not by the code under test.
@Suite struct WebhookVerificationTests {
    /// The hex HMAC-SHA256 of `data` keyed by `key`, from `openssl dgst -sha256 -hmac`.
    static func opensslHMAC(key: String, data: Data) async throws -> String {
        let result = try await Subprocess.run("/usr/bin/env", ["openssl", "dgst", "-sha256", "-hmac", key], input: data)
        let printed = result.outputText
        guard result.status == 0, let hex = printed.split(separator: " ").last else {
            throw OpenSSLFailure(output: printed + result.errorsText)
        }
        return hex.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct OpenSSLFailure: Error {
        let output: String
    }

    @Test func acceptsTheEventHashOpenSSLComputes() async throws {
        let hash = try await Self.opensslHMAC(key: "hook-7f3a", data: Data("document_completed@1751642400".utf8))
        try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_400, hash: hash, webhookID: "hook-7f3a")
        try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_400, hash: hash.uppercased(), webhookID: "hook-7f3a")
    }

    @Test func refusesAHashForAnotherEventTimeOrKey() async throws {
        let hash = try await Self.opensslHMAC(key: "hook-7f3a", data: Data("document_completed@1751642400".utf8))
        #expect(throws: SignWellWebhook.VerificationError.hashMismatch) {
            try SignWellWebhook.verify(eventType: "document_signed", time: 1_751_642_400, hash: hash, webhookID: "hook-7f3a")
        }
        #expect(throws: SignWellWebhook.VerificationError.hashMismatch) {
            try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_401, hash: hash, webhookID: "hook-7f3a")
        }
        #expect(throws: SignWellWebhook.VerificationError.hashMismatch) {
            try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_400, hash: hash, webhookID: "hook-7f3b")
        }
        #expect(throws: SignWellWebhook.VerificationError.hashMismatch) {
            try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_400, hash: "not hex", webhookID: "hook-7f3a")
        }
        #expect(throws: SignWellWebhook.VerificationError.missingKey) {
            try SignWellWebhook.verify(eventType: "document_completed", time: 1_751_642_400, hash: hash, webhookID: "")
        }
    }

    @Test func checksTheEventTimeAgainstTheTolerance() async throws {
        let hash = try await Self.opensslHMAC(key: "hook", data: Data("document_sent@1000".utf8))
        try SignWellWebhook.verify(
            eventType: "document_sent", time: 1000, hash: hash, webhookID: "hook", tolerance: 60, now: Date(timeIntervalSince1970: 1059))
        #expect(throws: SignWellWebhook.VerificationError.outsideTolerance(secondsOff: 61)) {
            try SignWellWebhook.verify(
                eventType: "document_sent", time: 1000, hash: hash, webhookID: "hook", tolerance: 60, now: Date(timeIntervalSince1970: 1061))
        }
    }

    @Test func verifiesADecodedEvent() async throws {
        let hash = try await Self.opensslHMAC(key: "hook-1", data: Data("document_signed@1751642400".utf8))
        let body = Data(
            #"""
            {"event": {"type": "document_signed", "time": 1751642400, "hash": "\#(hash)",
                       "related_signer": {"email": "jane@example.com", "name": "Jane Roe"}},
             "data": {"object": {"id": "doc-1", "test_mode": false, "status": "Pending"}, "account_id": "a1"}}
            """#.utf8)
        let event = try SignWellJSON.decoder().decode(WebhookEvent.self, from: body)
        #expect(event.type == .documentSigned)
        #expect(event.relatedSigner == WebhookEvent.Signer(email: "jane@example.com", name: "Jane Roe"))
        #expect(event.document.id == "doc-1")
        #expect(event.document.status == .pending)
        try SignWellWebhook.verify(event, webhookID: "hook-1")
        let again = try SignWellJSON.decoder().decode(WebhookEvent.self, from: SignWellJSON.encoder().encode(event))
        #expect(again == event)
    }

    @Test func acceptsTheBodySignatureOpenSSLComputes() async throws {
        let body = Data(#"{"event":{"type":"document_completed","time":1751642400,"hash":"00"},"data":{"object":{"id":"d","test_mode":false}}}"#.utf8)
        let signature = try await Self.opensslHMAC(key: "whsec_k3y", data: Data("1751642400.".utf8) + body)
        let now = Date(timeIntervalSince1970: 1_751_642_430)
        try SignWellWebhook.verifySignature(body: body, header: "t=1751642400,v1=\(signature)", secret: "whsec_k3y", now: now)
        // Several signatures (a secret being replaced), spaces, and schemes not known yet.
        try SignWellWebhook.verifySignature(
            body: body, header: "t=1751642400, v1=\(String(repeating: "0", count: 64)), v1=\(signature), v2=abc", secret: "whsec_k3y", now: now
        )
    }

    @Test func refusesATamperedBodyAnOldSignatureOrABadHeader() async throws {
        let body = Data(#"{"amount":100}"#.utf8)
        let signature = try await Self.opensslHMAC(key: "secret", data: Data("1751642400.".utf8) + body)
        let header = "t=1751642400,v1=\(signature)"
        let now = Date(timeIntervalSince1970: 1_751_642_400)
        #expect(throws: SignWellWebhook.VerificationError.signatureMismatch) {
            try SignWellWebhook.verifySignature(body: Data(#"{"amount":900}"#.utf8), header: header, secret: "secret", now: now)
        }
        #expect(throws: SignWellWebhook.VerificationError.signatureMismatch) {
            try SignWellWebhook.verifySignature(body: body, header: "t=1751642401,v1=\(signature)", secret: "secret", now: now)
        }
        #expect(throws: SignWellWebhook.VerificationError.signatureMismatch) {
            try SignWellWebhook.verifySignature(body: body, header: header, secret: "another secret", now: now)
        }
        #expect(throws: SignWellWebhook.VerificationError.outsideTolerance(secondsOff: 301)) {
            try SignWellWebhook.verifySignature(body: body, header: header, secret: "secret", now: now.addingTimeInterval(301))
        }
        try SignWellWebhook.verifySignature(body: body, header: header, secret: "secret", tolerance: nil, now: now.addingTimeInterval(86_400))
        for malformed in ["", "v1=\(signature)", "t=1751642400", "t=soon,v1=\(signature)", "t=1751642400,v1=xyz", "t=1751642400;v1=\(signature)"] {
            #expect(throws: SignWellWebhook.VerificationError.malformedHeader(malformed)) {
                try SignWellWebhook.verifySignature(body: body, header: malformed, secret: "secret", now: now)
            }
        }
    }
}
