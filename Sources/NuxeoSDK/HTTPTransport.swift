import Foundation
import Locking
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends the SDK's HTTP requests, through one URLSession shared by every ``NUXSession``.
///
/// The session keeps nothing between requests: no cache (a document must be read fresh), no
/// cookies, no stored credentials; each request carries its own authentication. A task
/// cancelled (with the Swift task that waits for it) stops the transfer.
final class HTTPTransport: Sendable {
    /// The transport every session uses.
    static let shared = HTTPTransport()

    private let challenges: CredentialChallengeRefusal
    private let session: URLSession

    private init() {
        challenges = CredentialChallengeRefusal()
        session = URLSession(configuration: Self.configuration, delegate: challenges, delegateQueue: nil)
    }

    /// The configuration of the SDK's URLSessions: no cache, no cookies, no stored
    /// credentials.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        return configuration
    }

    /// The state of one exchange's URLSession task, for cancellation.
    private enum TaskState: @unchecked Sendable {
        // @unchecked: URLSessionTask is thread-safe (Apple documents it so, and
        // swift-corelibs-foundation guards its state with a queue), but not marked Sendable on
        // every platform; the enum only carries it from the thread that made it to `cancel()`.
        case notStarted
        case started(URLSessionTask)
        case cancelled
    }

    /// Sends `request` with `body` and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - request: The request, headers set.
    ///   - body: What to send after the headers. A temporary file is removed when done.
    ///   - destination: Where to save a successful answer's body, streamed to disk rather than
    ///     held in memory; the body of an unsuccessful one is returned as data instead.
    /// - Returns: The answer. A 401 whose authentication challenge was refused (see
    ///   `CredentialChallengeRefusal`) is returned as a 401 without body.
    /// - Throws: The `URLError` of a network failure, or `CancellationError` if the calling
    ///   task was cancelled before the request started.
    func perform(_ request: URLRequest, body: RequestBody, downloadingTo destination: URL?) async throws -> NUXResponse {
        defer {
            if case .file(let file, isTemporary: true) = body { try? FileManager.default.removeItem(at: file) }
        }
        let state = LockedValue(TaskState.notStarted)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<NUXResponse, any Error>) in
                let challenges = challenges
                let task = makeTask(request, body: body, destination: destination) { outcome in
                    let taskIdentifier: Int? = state.withLock {
                        if case .started(let task) = $0 { task.taskIdentifier } else { nil }
                    }
                    continuation.resume(
                        with: Result {
                            do {
                                return try outcome()
                            } catch let error as URLError where error.code == .cancelled || error.code == .userCancelledAuthentication {
                                guard let taskIdentifier, challenges.wasRefused(taskIdentifier) else { throw error }
                                return NUXResponse(statusCode: 401)
                            }
                        })
                }
                let started = state.withLock { state -> Bool in
                    guard case .notStarted = state else { return false }
                    state = .started(task)
                    return true
                }
                if started {
                    task.resume()
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let task: URLSessionTask? = state.withLock { state in
                if case .started(let task) = state { return task }
                state = .cancelled
                return nil
            }
            task?.cancel()
        }
    }

    /// The URLSession task for the exchange; `completion` gets a function that returns its
    /// answer or throws its error.
    private func makeTask(
        _ request: URLRequest, body: RequestBody, destination: URL?,
        completion: @escaping @Sendable (() throws -> NUXResponse) -> Void
    ) -> URLSessionTask {
        var request = request
        switch body {
        case .file(let file, _):
            return session.uploadTask(with: request, fromFile: file) { data, response, error in
                completion { try Self.answer(data: data, response: response, error: error, destination: destination) }
            }
        case .data(let data):
            request.httpBody = data
        case .none:
            break
        }
        guard let destination else {
            return session.dataTask(with: request) { data, response, error in
                completion { try Self.answer(data: data, response: response, error: error, destination: nil) }
            }
        }
        return session.downloadTask(with: request) { location, response, error in
            // The downloaded file exists only until this handler returns: move it now.
            completion { try Self.answer(downloadedTo: location, response: response, error: error, destination: destination) }
        }
    }

    /// The answer of a data or upload task; a successful body goes to `destination` if given.
    static func answer(data: Data?, response: URLResponse?, error: (any Error)?, destination: URL?) throws -> NUXResponse {
        if let error { throw error }
        let http = try httpResponse(response)
        let data = data ?? Data()
        guard let destination, (200..<300).contains(http.statusCode) else {
            return NUXResponse(statusCode: http.statusCode, headers: headers(of: http), data: data)
        }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: destination, options: .atomic)
        return NUXResponse(statusCode: http.statusCode, headers: headers(of: http), downloadedFile: destination)
    }

    /// The answer of a download task: a successful body is moved to `destination`, the body
    /// of an unsuccessful one (an error entity) is read.
    static func answer(downloadedTo location: URL?, response: URLResponse?, error: (any Error)?, destination: URL) throws -> NUXResponse {
        if let error { throw error }
        let http = try httpResponse(response)
        guard let location else { throw URLError(.cannotCreateFile) }
        guard (200..<300).contains(http.statusCode) else {
            return NUXResponse(statusCode: http.statusCode, headers: headers(of: http), data: try Data(contentsOf: location))
        }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: destination.path) {
            try fileManager.removeItem(at: destination)
        }
        do {
            try fileManager.moveItem(at: location, to: destination)
        } catch {
            // Another volume: copy instead.
            try fileManager.copyItem(at: location, to: destination)
        }
        return NUXResponse(statusCode: http.statusCode, headers: headers(of: http), downloadedFile: destination)
    }

    private static func httpResponse(_ response: URLResponse?) throws -> HTTPURLResponse {
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return http
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
