import ChanceryTestSupport
import Crypto
import Foundation
import HTTPTypes
import Storage
import Testing

@testable import Signing

@Suite struct WebhookDeliveryTests {
    /// The lowercase hex HMAC-SHA256 of `message` under `key`, computed here independently of
    /// the server's code.
    static func hmacHex(key: String, _ message: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The type of the event that `request` carries.
    static func eventType(of request: WebhookReceiver.Received?) -> String? {
        (request?.json["event"] as? [String: Any])?["type"] as? String
    }

    @Test func anEventIsDeliveredWithSignWellsHashAndABodySignature() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run { receiver, base in
                let hook = try await fixture.addHook(callbackURL: base + "/hook?token=abc")
                let deliverer = fixture.deliverer()
                let document = WebhookFixture.document()
                var arrivals = receiver.arrivals.makeAsyncIterator()
                // Returns after the graceful shutdown, which lets the attempt under way record its answer.
                let request = try await WebhookFixture.running(deliverer) {
                    await fixture.outbox(waking: deliverer).announce(.documentSigned, document: document, relatedSigner: document.recipients[1])
                    return try #require(await arrivals.next())
                }

                #expect(request.path == "/hook")
                #expect(request.header("Content-Type") == "application/json")
                #expect(request.header("User-Agent") == "Chancery-Webhooks/1")
                let deliveries = try await fixture.queue.deliveries(forHook: hook.id)
                #expect(deliveries.count == 1)
                #expect(request.header("Webhook-Id") == deliveries.first?.id)

                // Webhook-Signature: HMAC-SHA256 keyed by the hook's secret over "<t>.<body>".
                let timestamp = try #require(request.header("Webhook-Timestamp"))
                let seconds = try #require(Int(timestamp))
                #expect(abs(Double(seconds) - Date().timeIntervalSince1970) < 60)
                let body = String(decoding: request.body, as: UTF8.self)
                let secret = fixture.secrets.secret(ofHook: hook.id)
                #expect(request.header("Webhook-Signature") == "t=\(timestamp),v1=\(Self.hmacHex(key: secret, "\(timestamp).\(body)"))")
                #expect(body == deliveries.first?.body, "the body is sent byte for byte as queued")

                // SignWell's event: an integer time and hex(HMAC-SHA256(key: hook id, "type@time")).
                let event = try #require(request.json["event"] as? [String: Any])
                #expect(event["type"] as? String == "document_signed")
                let time = try #require(event["time"] as? Int)
                #expect(event["hash"] as? String == Self.hmacHex(key: hook.id, "document_signed@\(time)"))
                let signer = try #require(event["related_signer"] as? [String: Any])
                #expect(signer["email"] as? String == "charles@example.com")
                #expect(signer["name"] as? String == "Charles Babbage")
                let object = try #require((request.json["data"] as? [String: Any])?["object"] as? [String: Any])
                #expect(object["id"] as? String == document.id)
                #expect(object["status"] as? String == "Sent")
                #expect((object["recipients"] as? [Any])?.count == 2)

                let delivered = try #require(deliveries.first)
                #expect(delivered.state == .delivered)
                #expect(delivered.attempts == 1)
                #expect(delivered.lastStatus == 200)
                #expect(delivered.lastError == nil)
            }
        }
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func signWellsOwnVerifierAcceptsTheEventHash() async throws {
        try await WebhookFixture.with { fixture in
            let hook = try await fixture.addHook(callbackURL: "http://127.0.0.1:9/hook")
            let deliverer = fixture.deliverer()
            await fixture.outbox(waking: deliverer).announce(.documentCompleted, document: WebhookFixture.document())
            let body = try #require(try await fixture.queue.deliveries(forHook: hook.id).first?.body)
            let script = """
                import json, sys
                from signwell_sdk.webhook import verify_event_or_raise
                verify_event_or_raise(event=json.load(sys.stdin)["event"], webhook_id=sys.argv[1], tolerance_seconds=300)
                print("ok")
                """
            #expect(try await SignWellPythonSDK.run(script, input: Data(body.utf8), arguments: [hook.id]) == "ok")
            await #expect(throws: SignWellPythonSDK.Failure.self, "another hook's id does not verify") {
                try await SignWellPythonSDK.run(script, input: Data(body.utf8), arguments: [UUID().uuidString.lowercased()])
            }
        }
    }

    @Test func aFailingCallbackIsRetriedWithGrowingWaitsUntilItAccepts() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run(statuses: [.internalServerError, .internalServerError, .ok]) { receiver, base in
                let hook = try await fixture.addHook(callbackURL: base + "/hook")
                let clock = ManualClock()
                let deliverer = fixture.deliverer(clock: OutboxClock(clock))
                var arrivals = receiver.arrivals.makeAsyncIterator()
                let waits = try await WebhookFixture.running(deliverer) {
                    await fixture.outbox(waking: deliverer).announce(.documentCompleted, document: WebhookFixture.document())
                    var waits: [TimeInterval] = []
                    for attempt in 1...2 {
                        _ = await arrivals.next()
                        // The deliverer sleeps once it has recorded the failure and scheduled the retry.
                        await clock.waitForSleepers(count: 1)
                        let next = try #require(try await fixture.queue.deliveries(forHook: hook.id).first?.nextAttemptAt)
                        waits.append(next.timeIntervalSince(deliverer.clock.now))
                        #expect(await receiver.received.count == attempt, "no retry before its time")
                        // A millisecond more: dates go through the database, which may round them.
                        clock.advance(by: .seconds(next.timeIntervalSince(deliverer.clock.now)) + .milliseconds(1))
                    }
                    _ = await arrivals.next()
                    return waits
                }
                // 100 ms after the first failure, 200 ms after the second.
                #expect(waits.count == 2)
                #expect(waits.first.map { abs($0 - 0.1) < 0.001 } == true)
                #expect(waits.last.map { abs($0 - 0.2) < 0.001 } == true)
                let delivery = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                #expect(delivery.attempts == 3)
                #expect(delivery.lastStatus == 200)
                #expect(delivery.deliveredAt != nil)
                let requests = await receiver.received
                #expect(requests.count == 3)
                let ids = Set(requests.compactMap { $0.header("Webhook-Id") })
                let bodies = Set(requests.map { $0.body })
                #expect(ids == [delivery.id], "every attempt carries the delivery's id")
                #expect(bodies.count == 1, "every attempt sends the same body")
            }
        }
    }

    @Test func aDeliveryIsAbandonedWhenItsRetryPeriodIsOver() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run(statuses: Array(repeating: .serviceUnavailable, count: 100)) { receiver, base in
                let hook = try await fixture.addHook(callbackURL: base + "/hook")
                var policy = WebhookFixture.fastPolicy
                policy.firstRetryDelay = .milliseconds(50)
                policy.retryPeriod = .seconds(1)
                let clock = ManualClock()
                let deliverer = fixture.deliverer(policy: policy, clock: OutboxClock(clock))
                var arrivals = receiver.arrivals.makeAsyncIterator()
                try await WebhookFixture.running(deliverer) {
                    await fixture.outbox(waking: deliverer).announce(.documentExpired, document: WebhookFixture.document())
                    while await arrivals.next() != nil {
                        // The deliverer sleeps once it has recorded the failure.
                        await clock.waitForSleepers(count: 1)
                        let delivery = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                        guard delivery.state == .pending, let next = delivery.nextAttemptAt else { break }
                        // A millisecond more: dates go through the database, which may round them.
                        clock.advance(by: .seconds(next.timeIntervalSince(deliverer.clock.now)) + .milliseconds(1))
                    }
                }
                let delivery = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                #expect(delivery.state == .abandoned)
                // Attempts 50, 100, 200 and 400 ms apart (at 0, 51, 152, 353 and 754 ms, each a
                // millisecond late); the next, 800 ms later, would fall after the 1 s period.
                #expect(delivery.attempts == 5)
                #expect(delivery.lastStatus == 503)
                #expect(delivery.lastError?.contains("503") == true)
                #expect(delivery.deliveredAt == nil)
                #expect(await receiver.received.count == delivery.attempts)
            }
        }
    }

    @Test func aDeletedHookGetsNothing() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run { receiver, base in
                let kept = try await fixture.addHook(callbackURL: base + "/kept")
                let deleted = try await fixture.addHook(callbackURL: base + "/deleted")
                let deliverer = fixture.deliverer()
                let outbox = fixture.outbox(waking: deliverer)
                // Queued while no deliverer runs, then the hook is deleted: its delivery goes with it.
                await outbox.announce(.documentSent, document: WebhookFixture.document())
                #expect(try await fixture.queue.deliveries(forHook: deleted.id).count == 1)
                #expect(try await fixture.hooks.delete(id: deleted.id, ownedBy: "owner-1"))
                #expect(try await fixture.queue.deliveries(forHook: deleted.id).isEmpty)
                var arrivals = receiver.arrivals.makeAsyncIterator()
                let paths = try await WebhookFixture.running(deliverer) {
                    await outbox.announce(.documentCompleted, document: WebhookFixture.document())
                    return [await arrivals.next()?.path, await arrivals.next()?.path]
                }
                #expect(paths == ["/kept", "/kept"])
                #expect(await receiver.received(at: "/deleted").isEmpty)
                let states = try await fixture.queue.deliveries(forHook: kept.id).map { $0.state }
                #expect(states == [.delivered, .delivered])
            }
        }
    }

    @Test func pendingDeliveriesResumeAfterARestart() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run(statuses: [.badGateway]) { receiver, base in
                let hook = try await fixture.addHook(callbackURL: base + "/hook")
                // Both servers keep the same time, which moves only when the test moves it.
                let clock = ManualClock()
                let time = OutboxClock(clock)
                var arrivals = receiver.arrivals.makeAsyncIterator()
                // The first server fails once, then stops before its retry is due; the graceful
                // shutdown lets it record the failure.
                let first = fixture.deliverer(clock: time)
                try await WebhookFixture.running(first) {
                    await fixture.outbox(waking: first).announce(.documentCompleted, document: WebhookFixture.document())
                    _ = await arrivals.next()
                }
                let pending = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                #expect(pending.state == .pending)
                #expect(pending.attempts == 1)
                #expect(pending.lastStatus == 502)

                // Queued while no server runs.
                await fixture.outbox(waking: first).announce(.documentViewed, document: WebhookFixture.document())

                // A new server delivers the new event at once and the retry when it is due.
                let types = try await WebhookFixture.running(fixture.deliverer(clock: time)) {
                    let atOnce = Self.eventType(of: await arrivals.next())
                    await clock.waitForSleepers(count: 1)
                    #expect(await receiver.received.count == 2, "the retry waits for its time")
                    clock.advance(by: WebhookFixture.fastPolicy.firstRetryDelay + .milliseconds(1))
                    return [atOnce, Self.eventType(of: await arrivals.next())]
                }
                #expect(types == ["document_viewed", "document_completed"])
                let attempts = try await fixture.queue.deliveries(forHook: hook.id).map { $0.attempts }.sorted()
                #expect(attempts == [1, 2])
                #expect(await receiver.received.count == 3)
            }
        }
    }

    @Test func gracefulShutdownLetsAnAttemptUnderWayFinish() async throws {
        try await WebhookFixture.with { fixture in
            // A receiver slow to answer: the attempt is still under way when the shutdown begins.
            try await WebhookReceiver.run(delay: .milliseconds(500)) { receiver, base in
                let hook = try await fixture.addHook(callbackURL: base + "/hook")
                let deliverer = fixture.deliverer()
                var arrivals = receiver.arrivals.makeAsyncIterator()
                try await WebhookFixture.running(deliverer) {
                    await fixture.outbox(waking: deliverer).announce(.documentCompleted, document: WebhookFixture.document())
                    _ = await arrivals.next()
                }
                // running() returned after the shutdown: the answer that came 500 ms later was recorded.
                let delivery = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                #expect(delivery.state == .delivered)
                #expect(delivery.lastStatus == 200)
            }
        }
    }

    @Test func aCallbackThatLeadsToALoopbackAddressIsRefusedAtDelivery() async throws {
        try await WebhookFixture.with { fixture in
            try await WebhookReceiver.run { receiver, base in
                // Stored directly: the route would refuse it, but DNS can change after a hook is made.
                let hook = try await fixture.addHook(callbackURL: base + "/hook")
                var policy = WebhookFixture.fastPolicy
                policy.allowPrivateNetworks = false
                let clock = ManualClock()
                let deliverer = fixture.deliverer(policy: policy, clock: OutboxClock(clock))
                // Queued before the deliverer starts, so that its first look at the queue
                // makes the attempt; it sleeps once that look is over.
                await fixture.outbox(waking: deliverer).announce(.documentCompleted, document: WebhookFixture.document())
                try await WebhookFixture.running(deliverer) {
                    await clock.waitForSleepers(count: 1)
                }
                let delivery = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
                #expect(delivery.attempts == 1)
                #expect(delivery.lastError?.contains("loopback") == true)
                #expect(delivery.lastStatus == nil)
                #expect(delivery.state == .pending, "it is retried: the name may resolve elsewhere later")
                #expect(await receiver.received.isEmpty)
            }
        }
    }

    @Test func hooksHearTheirOwnersDocumentsAndTheirApplicationsOnly() async throws {
        try await WebhookFixture.with { fixture in
            let everything = try await fixture.addHook(callbackURL: "https://a.example.com/")
            let application = try await fixture.addHook(callbackURL: "https://b.example.com/", apiApplicationID: "app-1")
            let otherOwner = try await fixture.addHook(ownerID: "owner-2", callbackURL: "https://c.example.com/")
            let outbox = fixture.outbox(waking: fixture.deliverer())
            await outbox.announce(.documentCreated, document: WebhookFixture.document())
            await outbox.announce(.documentCreated, document: WebhookFixture.document(apiApplicationID: "app-1"))
            await outbox.announce(.documentCreated, document: WebhookFixture.document(apiApplicationID: "app-2"))
            #expect(try await fixture.queue.deliveries(forHook: everything.id).count == 3)
            #expect(try await fixture.queue.deliveries(forHook: application.id).count == 1)
            #expect(try await fixture.queue.deliveries(forHook: otherOwner.id).isEmpty)
        }
    }
}
