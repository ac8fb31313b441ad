import ChanceryTestSupport
import Logging
import NIOCore
import Storage
import Testing

/// The NATS client against Debian's `nats-server`: delivery in order, request and reply,
/// credentials, and a connection that drops and comes back.
@Suite(.enabled(if: TestNATSServer.isInstalled, "needs nats-server (scripts/test installs it)"), .timeLimit(.minutes(2)))
struct NATSClientTests {
    static func client(_ servers: [NATSServerAddress], name: String = "test") async throws -> NATSClient {
        try await NATSClient.connect(to: servers, name: name, answerTimeout: LoopbackDeadline.answer, logger: Logger(label: "nats-test"))
    }

    /// The next `count` payloads of `subscription`, as text.
    static func next(_ count: Int, of subscription: NATSSubscription) async -> [String] {
        var received: [String] = []
        for await message in subscription.messages {
            received.append(String(buffer: message.payload))
            if received.count == count { break }
        }
        return received
    }

    @Test func messagesArriveInTheOrderTheyWerePublished() async throws {
        let server = try await TestNATSServer.start()
        let publisher = try await Self.client([server.address])
        let subscriber = try await Self.client([server.address])
        let subscription = try subscriber.subscribe(to: "telemetry.*")
        try await subscriber.flush()
        let sent = (1...500).map { "point \($0)" }
        for (index, text) in sent.enumerated() {
            try await publisher.publish(ByteBuffer(string: text), to: index.isMultiple(of: 2) ? "telemetry.a" : "telemetry.b")
        }
        try await publisher.publish(ByteBuffer(string: "elsewhere"), to: "other.a")
        #expect(await Self.next(500, of: subscription) == sent)
        await publisher.close()
        await subscriber.close()
        await server.stop()
    }

    @Test func aClientDoesNotReceiveWhatItPublishes() async throws {
        let server = try await TestNATSServer.start()
        let one = try await Self.client([server.address])
        let other = try await Self.client([server.address])
        let subscription = try one.subscribe(to: "shared")
        try await one.flush()
        try await one.publish(ByteBuffer(string: "mine"), to: "shared")
        try await one.flush()
        try await other.publish(ByteBuffer(string: "theirs"), to: "shared")
        #expect(await Self.next(1, of: subscription) == ["theirs"])
        await one.close()
        await other.close()
        await server.stop()
    }

    @Test func aRequestGetsItsAnswerOrNothingWhenNobodyAnswers() async throws {
        let server = try await TestNATSServer.start()
        let asking = try await Self.client([server.address])
        let answering = try await Self.client([server.address])
        let questions = try answering.subscribe(to: "echo")
        try await answering.flush()
        let responder = Task {
            for await question in questions.messages {
                guard let replyTo = question.replyTo else { continue }
                try await answering.publish(ByteBuffer(string: "echo: " + String(buffer: question.payload)), to: replyTo)
            }
        }
        let answer = try await asking.request(ByteBuffer(string: "hi"), to: "echo", timeout: .seconds(20))
        #expect(answer.map { String(buffer: $0.payload) } == "echo: hi")
        #expect(try await asking.request(ByteBuffer(string: "hi"), to: "nobody", timeout: .milliseconds(200)) == nil)
        responder.cancel()
        await asking.close()
        await answering.close()
        await server.stop()
    }

    @Test func wrongCredentialsAreRefusedAndRightOnesAccepted() async throws {
        // The server's time for a client to authenticate is 2 s by default: more on a loaded machine.
        let server = try await TestNATSServer.start(configuration: "authorization { user: chancery, password: right, timeout: 60 }\n")
        var wrong = server.address
        wrong.user = "chancery"
        wrong.password = "wrong"
        do {
            _ = try await Self.client([wrong])
            Issue.record("a wrong password was accepted")
        } catch let NATSError.unreachable(failures) {
            #expect(failures.count == 1)
            #expect(failures[0].contains("Authorization Violation"))
        }
        var right = wrong
        right.password = "right"
        let client = try await Self.client([right])
        try await client.flush()
        await client.close()
        await server.stop()
    }

    @Test func theFirstServerThatAnswersIsUsed() async throws {
        let server = try await TestNATSServer.start()
        let closed = try await TCPRelay.start(to: server.port)
        await closed.cut()
        let client = try await Self.client([NATSServerAddress(host: "127.0.0.1", port: closed.port), server.address])
        #expect(client.isConnected)
        #expect(closed.connectionsRelayed == 0)
        await client.close()
        await closed.stop()
        await server.stop()
    }

    @Test func afterTheConnectionDropsTheClientConnectsAgainAndNothingIsLost() async throws {
        let server = try await TestNATSServer.start()
        let relay = try await TCPRelay.start(to: server.port)
        let dropping = try await Self.client([NATSServerAddress(host: "127.0.0.1", port: relay.port)], name: "dropping")
        let steady = try await Self.client([server.address], name: "steady")
        let atSteady = try steady.subscribe(to: "from.dropping")
        let atDropping = try dropping.subscribe(to: "from.steady")
        try await steady.flush()
        try await dropping.flush()

        for number in 1...10 { try await dropping.publish(ByteBuffer(string: "\(number)"), to: "from.dropping") }
        try await dropping.flush()
        await relay.cut()
        await #expect(throws: NATSError.self) { try await dropping.flush() }
        #expect(!dropping.isConnected)
        // Published while the connection is down: kept, and sent once it is back.
        for number in 11...20 { try await dropping.publish(ByteBuffer(string: "\(number)"), to: "from.dropping") }
        relay.restore()
        try await dropping.waitUntilConnected(timeout: .seconds(30))
        for number in 21...30 { try await dropping.publish(ByteBuffer(string: "\(number)"), to: "from.dropping") }
        #expect(await Self.next(30, of: atSteady) == (1...30).map { "\($0)" })

        // The subscription was made again on the new connection.
        try await dropping.flush()
        try await steady.publish(ByteBuffer(string: "welcome back"), to: "from.steady")
        #expect(await Self.next(1, of: atDropping) == ["welcome back"])
        #expect(relay.connectionsRelayed >= 2)

        await dropping.close()
        await steady.close()
        await relay.stop()
        await server.stop()
    }

    @Test func aMessageLargerThanTheServerAllowsIsRefusedBeforeItIsSent() async throws {
        let server = try await TestNATSServer.start(configuration: "max_payload: 1024\n")
        let client = try await Self.client([server.address])
        await #expect(throws: NATSError.payloadTooLarge(size: 1025, limit: 1024)) {
            try await client.publish(ByteBuffer(repeating: 0, count: 1025), to: "big")
        }
        await #expect(throws: NATSError.invalidSubject("two words")) {
            try await client.publish(ByteBuffer(), to: "two words")
        }
        try await client.publish(ByteBuffer(repeating: 0, count: 1024), to: "big")
        try await client.flush()
        await client.close()
        await server.stop()
    }
}
