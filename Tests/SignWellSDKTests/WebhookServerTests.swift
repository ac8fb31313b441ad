import Foundation
import SignWellSDK
import Testing

/// Webhooks of a real `chancery serve`: registered through the SDK, delivered to a real
/// HTTP receiver, and checked with ``SignWellWebhook``.
@Suite struct WebhookServerTests {
    @Test func registersListsAndDeletesAHook() async throws {
        try await SignWellServer.with(arguments: ["--signing-allow-private-file-urls"]) { server in
            let client = server.client()
            let hook = try await client.createWebhook(callbackURL: "http://127.0.0.1:9/events")
            #expect(hook.callbackURL == "http://127.0.0.1:9/events")
            #expect(!(hook.secret ?? "").isEmpty)
            let listed = try await client.webhooks()
            #expect(listed.map(\.id) == [hook.id])
            #expect(listed.first?.secret == nil)
            try await client.deleteWebhook(hook.id)
            #expect(try await client.webhooks().isEmpty)
            let again = await #expect(throws: SignWellError.self) { try await client.deleteWebhook(hook.id) }
            #expect(again?.statusCode == 404)
        }
    }

    @Test func refusesACallbackOnAPrivateAddressByDefault() async throws {
        try await SignWellServer.with { server in
            let refusal = await #expect(throws: SignWellError.self) {
                _ = try await server.client().createWebhook(callbackURL: "http://127.0.0.1:9/events")
            }
            #expect(refusal?.statusCode == 400)
            #expect(refusal?.description.contains("callback_url") == true)
        }
    }

    @Test func aDeliveryPassesBothChecks() async throws {
        try await RecordingServer.with([.init(method: "POST", path: "/events", status: 200, body: "ok")]) { receiver in
            try await SignWellServer.with(arguments: ["--signing-allow-private-file-urls"]) { server in
                let client = server.client()
                let hook = try await client.createWebhook(callbackURL: receiver.url.appendingPathComponent("events").absoluteString)
                let secret = try #require(hook.secret)
                let document = try await client.createDocument(TestRequests.contract())

                let deliveries = try await receiver.requests(atLeast: 1, timeout: .seconds(30))
                let delivery = try #require(deliveries.first, "no webhook call within 30 s")
                #expect(delivery.method == "POST")
                let header = try #require(delivery.headers["webhook-signature"])
                try SignWellWebhook.verifySignature(body: delivery.bodyData, header: header, secret: secret)
                #expect(throws: SignWellWebhook.VerificationError.signatureMismatch) {
                    try SignWellWebhook.verifySignature(body: delivery.bodyData + Data(" ".utf8), header: header, secret: secret)
                }

                let event = try SignWellJSON.decoder().decode(WebhookEvent.self, from: delivery.bodyData)
                try SignWellWebhook.verify(event, webhookID: hook.id, tolerance: 300)
                #expect(event.document.id == document.id)
                #expect([WebhookEventType.documentCreated, .documentSent].contains(event.type))
            }
        }
    }
}
