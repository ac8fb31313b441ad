import Foundation
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request whose answer is reported as its bytes arrive: how
/// ``SignWellClient/completedPDF(_:auditPage:fileFormat:progress:)`` shows progress.
///
/// URLSession tells only a session's delegate how a transfer goes, so the exchange gets a
/// session of its own, configured as the client's, that it invalidates when done. It refuses
/// authentication challenges as `CredentialChallengeRefusal` does.
final class ObservedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `state` is only read and written under `lock`; the other stored
    // properties are constants.

    /// What the exchange has so far.
    private struct State {
        var body = Data()
        var expectedLength: Int64?
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        /// The outcome, when the task completed before the continuation was stored.
        var outcome: Result<(Data, URLResponse), any Error>?
    }

    /// A task, to cancel from the cancellation handler.
    private struct TaskReference: @unchecked Sendable {
        // @unchecked: URLSessionTask is thread-safe (Apple documents it so, and
        // swift-corelibs-foundation guards its state with a queue) but is not marked Sendable
        // on every platform; the reference is only used to cancel the task.
        let task: URLSessionTask
    }

    private let lock = NSLock()
    private var state = State()
    private let report: @Sendable (Int64, Int64?) -> Void
    private let refusal = CredentialChallengeRefusal()

    private init(report: @escaping @Sendable (Int64, Int64?) -> Void) {
        self.report = report
    }

    /// Performs `request` in a session configured with `configuration`, calling `progress`
    /// with the bytes received so far and the total when known.
    ///
    /// - Throws: The `URLError` of a network failure (`.cancelled` when the calling task was
    ///   cancelled or an authentication challenge was refused), or `CancellationError`.
    static func perform(
        _ request: URLRequest, configuration: URLSessionConfiguration, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws -> (Data, URLResponse) {
        try Task.checkCancellation()
        let exchange = ObservedDownload(report: progress)
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        // The session keeps its delegate until it is invalidated.
        defer { session.finishTasksAndInvalidate() }
        let task = TaskReference(task: session.dataTask(with: request))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = exchange.lock.withLock {
                    if exchange.state.outcome == nil { exchange.state.continuation = continuation }
                    return exchange.state.outcome
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    task.task.resume()
                }
            }
        } onCancel: {
            task.task.cancel()
        }
    }

    /// Refuses a challenge for credentials (the API key travels in a header).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        refusal.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    }

    /// Notes the answer's length, when the server told it, and reports that nothing came yet.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let expected = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        lock.withLock { state.expectedLength = expected }
        report(0, expected)
        completionHandler(.allow)
    }

    /// Keeps the bytes that came and reports how many came so far.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (received, expected) = lock.withLock {
            state.body.append(data)
            return (Int64(state.body.count), state.expectedLength)
        }
        report(received, expected)
    }

    /// Hands the answer (or the failure) to the waiting caller, or keeps it until the caller waits.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let outcome: Result<(Data, URLResponse), any Error>
        if let error {
            outcome = .failure(error)
        } else if let response = task.response {
            outcome = .success((lock.withLock { state.body }, response))
        } else {
            outcome = .failure(URLError(.badServerResponse))
        }
        let continuation = lock.withLock {
            defer { state.continuation = nil }
            if state.continuation == nil { state.outcome = outcome }
            return state.continuation
        }
        continuation?.resume(with: outcome)
    }
}
