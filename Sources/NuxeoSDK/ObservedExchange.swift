import Foundation
import Locking
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange whose progress is reported while bytes go out and come in: how a request
/// run with ``NUXRequest/response(progress:)`` is sent.
///
/// URLSession tells only a delegate how a transfer goes, and swift-corelibs-foundation counts
/// nothing for a task made with a completion handler (as ``HTTPTransport`` makes them). So an
/// observed exchange is a delegate with a URLSession of its own, configured as the shared one
/// and invalidated when the exchange ends. The answer is what ``HTTPTransport`` would give:
/// a successful body streamed to the destination file, an unsuccessful one returned as data,
/// a refused authentication challenge (see `CredentialChallengeRefusal`) as a 401.
final class ObservedExchange: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private struct State {
        var continuation: CheckedContinuation<NUXResponse, any Error>?
        var isStarted = false
        var isCancelled = false
        /// The body of an answer that is not downloaded to a file.
        var body = Data()
        /// The answer of a download task, made when its file is there.
        var downloaded: Result<NUXResponse, any Error>?
        var progress: NUXTransferProgress
    }

    /// A URLSession task, to cancel from the cancellation handler.
    private struct TaskReference: @unchecked Sendable {
        // @unchecked: URLSessionTask is thread-safe (Apple documents it so, and
        // swift-corelibs-foundation guards its state with a queue), but not marked Sendable on
        // every platform; the reference is only used to resume and cancel the task.
        let task: URLSessionTask
    }

    private let destination: URL?
    private let report: NUXProgressBlock
    private let challenges = CredentialChallengeRefusal()
    private let state: LockedValue<State>

    private init(destination: URL?, bodySize: Int64, report: @escaping NUXProgressBlock) {
        self.destination = destination
        self.report = report
        state = LockedValue(State(progress: NUXTransferProgress(totalBytesToSend: bodySize)))
    }

    /// Sends `request` with `body`, calling `progress` as the transfer goes, and returns the
    /// answer, whatever its status; as ``HTTPTransport/perform(_:body:downloadingTo:)``.
    ///
    /// - Throws: The `URLError` of a network failure (`URLError.cancelled` when the calling
    ///   task was cancelled during the transfer), `CancellationError` when it was cancelled
    ///   before, or the error reading the body file.
    static func perform(
        _ request: URLRequest, body: RequestBody, downloadingTo destination: URL?, progress: @escaping NUXProgressBlock
    ) async throws -> NUXResponse {
        defer {
            if case .file(let file, isTemporary: true) = body { try? FileManager.default.removeItem(at: file) }
        }
        let exchange = ObservedExchange(destination: destination, bodySize: try size(of: body), report: progress)
        let session = URLSession(configuration: HTTPTransport.configuration, delegate: exchange, delegateQueue: nil)
        // The session keeps its delegate until it is invalidated.
        defer { session.finishTasksAndInvalidate() }
        let task = TaskReference(task: makeTask(request, body: body, destination: destination, in: session))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let started = exchange.state.withLock { state -> Bool in
                    guard !state.isCancelled else { return false }
                    state.continuation = continuation
                    state.isStarted = true
                    // Under the lock, so that a cancellation never comes between the two.
                    task.task.resume()
                    return true
                }
                if !started { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let started = exchange.state.withLock { state in
                state.isCancelled = true
                return state.isStarted
            }
            if started { task.task.cancel() }
        }
    }

    /// The URLSession task of `session` for the exchange, made without a completion handler so
    /// that the delegate sees everything.
    private static func makeTask(_ request: URLRequest, body: RequestBody, destination: URL?, in session: URLSession) -> URLSessionTask {
        var request = request
        switch body {
        case .file(let file, _):
            return session.uploadTask(with: request, fromFile: file)
        case .data(let data) where destination == nil:
            return session.uploadTask(with: request, from: data)
        case .data(let data):
            request.httpBody = data
        case .none:
            break
        }
        guard destination != nil else { return session.dataTask(with: request) }
        return session.downloadTask(with: request)
    }

    /// The number of bytes `body` sends.
    private static func size(of body: RequestBody) throws -> Int64 {
        switch body {
        case .none: 0
        case .data(let data): Int64(data.count)
        case .file(let file, _): (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        }
    }

    /// Changes the progress with `change` and reports it.
    private func update(_ change: (inout NUXTransferProgress) -> Void) {
        let progress = state.withLock { state in
            change(&state.progress)
            return state.progress
        }
        report(progress)
    }

    // MARK: URLSession delegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        challenges.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        update { $0.bytesSent = totalBytesSent }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength >= 0 {
            update { $0.totalBytesToReceive = response.expectedContentLength }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let progress = state.withLock { state in
            state.body.append(data)
            state.progress.bytesReceived += Int64(data.count)
            return state.progress
        }
        report(progress)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        update { progress in
            progress.bytesReceived = totalBytesWritten
            if totalBytesExpectedToWrite >= 0 { progress.totalBytesToReceive = totalBytesExpectedToWrite }
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // The file exists only until this method returns: move it now. (Only exchanges with a
        // destination make download tasks.)
        guard let destination else { return }
        let answer = Result {
            try HTTPTransport.answer(downloadedTo: location, response: downloadTask.response, error: nil, destination: destination)
        }
        state.withLock { $0.downloaded = answer }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, body, downloaded) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.body, state.downloaded)
        }
        let challenges = challenges
        let destination = destination
        continuation?.resume(
            with: Result {
                if let error {
                    if let urlError = error as? URLError, urlError.code == .cancelled || urlError.code == .userCancelledAuthentication,
                        challenges.wasRefused(task.taskIdentifier)
                    {
                        return NUXResponse(statusCode: 401)
                    }
                    throw error
                }
                if let downloaded { return try downloaded.get() }
                return try HTTPTransport.answer(data: body, response: task.response, error: nil, destination: destination)
            })
    }
}
