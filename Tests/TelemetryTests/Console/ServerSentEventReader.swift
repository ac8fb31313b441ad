import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a Server-Sent Events stream as it arrives: the events (`event:` name and `data:`
/// text) of one `GET`, through a URLSession data delegate, which gets the body a piece at a
/// time rather than at its end (the stream has none).
final class ServerSentEventReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: `pending` and `response` are touched only on the session's serial delegate
    // queue; the continuations are thread-safe.

    /// One event.
    struct Event: Sendable, Equatable {
        let name: String
        let data: String
    }

    /// The events, in order; it ends when the server closes the stream.
    let events: AsyncStream<Event>
    private let eventSink: AsyncStream<Event>.Continuation
    /// The response head, when it has come.
    let head: AsyncStream<HTTPURLResponse>
    private let headSink: AsyncStream<HTTPURLResponse>.Continuation
    private var pending = ""
    private var session: URLSession?

    /// Opens `url` with `headers`.
    init(url: URL, headers: [String: String]) {
        (events, eventSink) = AsyncStream.makeStream(of: Event.self)
        (head, headSink) = AsyncStream.makeStream(of: HTTPURLResponse.self)
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: queue)
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = 60
        self.session = session
        session.dataTask(with: request).resume()
    }

    /// Closes the stream.
    func close() {
        session?.invalidateAndCancel()
        eventSink.finish()
        headSink.finish()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse { headSink.yield(response) }
        headSink.finish()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending += String(decoding: data, as: UTF8.self)
        while let end = pending.range(of: "\n\n") {
            let block = pending[..<end.lowerBound]
            pending = String(pending[end.upperBound...])
            var name = "message"
            var lines: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { lines.append(String(line.dropFirst(6))) }
            }
            if !lines.isEmpty { eventSink.yield(Event(name: name, data: lines.joined(separator: "\n"))) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        eventSink.finish()
        headSink.finish()
    }
}
