import ChanceryTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A real HTTP server on a loopback port that records the webhook POSTs it gets and answers
/// each with the next scripted status (200 once the script is used up). Each request is also
/// sent to ``arrivals`` as it comes, for tests to await.
actor WebhookReceiver {
    /// One request as it arrived.
    struct Received: Sendable {
        /// The path, such as `/a`.
        let path: String
        /// The headers.
        let headers: HTTPFields
        /// The raw body.
        let body: [UInt8]

        /// The value of header `name`.
        func header(_ name: String) -> String? {
            headers[HTTPField.Name(name)!]
        }

        /// The body as JSON.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
        }
    }

    /// The requests so far, in arrival order.
    private(set) var received: [Received] = []
    private var statuses: [HTTPResponse.Status]
    /// How long each answer is held back, for a receiver that is slow to answer.
    private let delay: Duration
    /// The requests, one element each as it arrives (for one reader).
    nonisolated let arrivals: AsyncStream<Received>
    private let arrivalContinuation: AsyncStream<Received>.Continuation

    private init(statuses: [HTTPResponse.Status], delay: Duration) {
        self.statuses = statuses
        self.delay = delay
        (arrivals, arrivalContinuation) = AsyncStream.makeStream(of: Received.self)
    }

    /// Records `request`, announces it on ``arrivals``, and returns the status to answer with.
    private func record(_ request: Received) -> HTTPResponse.Status {
        received.append(request)
        arrivalContinuation.yield(request)
        return statuses.isEmpty ? .ok : statuses.removeFirst()
    }

    /// The requests to `path`.
    func received(at path: String) -> [Received] {
        received.filter { $0.path == path }
    }

    /// Runs a receiver for the duration of `body`, which gets it and its base URL
    /// (`http://127.0.0.1:<port>`).
    static func run<Result: Sendable>(
        statuses: [HTTPResponse.Status] = [], delay: Duration = .zero,
        _ body: @Sendable (WebhookReceiver, String) async throws -> Result
    ) async throws -> Result {
        let receiver = WebhookReceiver(statuses: statuses, delay: delay)
        let router = Router()
        router.post("**") { request, _ -> Response in
            var request = request
            let bytes = try await request.collectBody(upTo: 1 << 20)
            let status = await receiver.record(
                Received(path: request.uri.path, headers: request.headers, body: Array(bytes.readableBytesView)))
            if delay > .zero { try await Task.sleep(for: delay) }
            return Response(status: status)
        }
        var logger = Logger(label: "webhook.receiver")
        logger.logLevel = .warning
        return try await LoopbackServer.run(logger: logger) { [logger] onServerRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: onServerRunning,
                logger: logger)
        } _: { port in
            try await body(receiver, "http://127.0.0.1:\(port)")
        }
    }
}
