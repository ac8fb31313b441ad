import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// The S3 requests a blob store makes, signed, with retries: objects put, read, sized, copied
/// and deleted, and multipart uploads.
///
/// Only plain S3 is spoken (path-style requests to a given endpoint, virtual-hosted ones to
/// AWS), so AWS S3, MinIO, Ceph RGW, Garage and other compatible stores work alike. A request
/// that fails on the way (no connection, a reset, a timeout) or with a status that says "try
/// again" (500, 502, 503, 504, 429) is sent again after a growing, jittered pause, up to
/// ``RetryPolicy/attempts`` times; a read that breaks off resumes where it stopped.
struct S3Client: Sendable {
    /// How often and how patiently a failed request is repeated.
    struct RetryPolicy: Sendable {
        /// How many times a request is sent at most.
        var attempts = 5
        /// The pause before the second attempt; it doubles for each further one.
        var firstPause: Duration = .milliseconds(100)
        /// The longest pause between two attempts.
        var longestPause: Duration = .seconds(5)

        /// The pause before attempt `attempt` (2 for the first repetition): a random time
        /// between half and all of the doubled pause, so that instances do not retry in step.
        func pause(before attempt: Int) -> Duration {
            let doubled = firstPause * (1 << min(attempt - 2, 20))
            let ceiling = min(doubled, longestPause)
            return ceiling * Double.random(in: 0.5...1)
        }
    }

    /// The statuses after which a request is sent again.
    private static let retriedStatuses: Set<UInt> = [429, 500, 502, 503, 504]
    /// How long a request may take until its answer's head arrives.
    private static let answerDeadline: TimeAmount = .seconds(120)

    /// The one HTTP client of all S3 stores: no redirects, no decompression, a read
    /// timeout between any two bytes of an answer, and a failed connection reported at once
    /// (the retry policy here decides what happens next). It lives as long as the process.
    ///
    /// S3 serves many connections per client well, and a request that waits for a free one
    /// longer than the connect timeout fails, transiently (``isTransient(_:)``): the pool
    /// keeps up to 64 per endpoint, not the client's default 8, so that concurrent uploads,
    /// two parts in flight each, do not queue behind one another.
    private static let http: HTTPClient = {
        var pool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        pool.retryConnectionEstablishment = false
        return HTTPClient(
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            configuration: HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(10), read: .seconds(60)),
                connectionPool: pool,
                decompression: .disabled
            )
        )
    }()

    /// Where the bucket is.
    let location: S3Location
    /// Signs every request.
    let signer: S3RequestSigner
    /// How failed requests are repeated.
    var retries = RetryPolicy()

    /// Creates a client of the bucket at `location`.
    init(location: S3Location, credentials: S3Credentials) {
        self.location = location
        self.signer = S3RequestSigner(credentials: credentials, region: location.region)
    }

    // MARK: Objects

    /// Stores `body` as object `key`, replacing any object of that key.
    func putObject(key: String, body: ByteBuffer) async throws {
        _ = try await send("PUT", key: key, body: body, operation: "store object \(key)")
    }

    /// The size of object `key`, or `nil` when there is none.
    func objectSize(key: String) async throws -> Int64? {
        let answer = try await send("HEAD", key: key, accepting: [404], operation: "look up object \(key)")
        guard answer.status != .notFound else { return nil }
        guard let length = answer.headers.first(name: "content-length").flatMap(Int64.init) else {
            throw StorageError.objectStore(
                operation: "look up object \(key)", status: Int(answer.status.code), code: "", message: "the answer has no Content-Length")
        }
        return length
    }

    /// Streams object `key`, or its bytes `range` (not empty), to `consume`, with one request
    /// when nothing breaks off: the answer itself says how large the object is.
    ///
    /// A read that breaks off is sent again for the bytes not yet consumed; it fails after
    /// ``RetryPolicy/attempts`` breaks in a row that brought no byte.
    ///
    /// - Returns: `false` when there is no such object.
    /// - Throws: ``StorageError/rangeNotSatisfiable(requested:size:)``, before consuming
    ///   anything, when `range` reaches past the object's end.
    func readObject(key: String, range: Range<Int64>?, into consume: (ByteBuffer) async throws -> Void) async throws -> Bool {
        var next = range?.lowerBound ?? 0
        var end = range?.upperBound
        var attempt = 1
        while end.map({ next < $0 }) ?? true {
            let start = next
            let operation = "read object \(key)"
            let headers = range == nil && next == 0 ? [:] : ["range": "bytes=\(next)-" + (end.map { "\($0 - 1)" } ?? "")]
            let answer = try await send("GET", key: key, headers: headers, accepting: [404, 416], operation: operation)
            guard answer.status != .notFound else { return false }
            guard answer.status != .rangeNotSatisfiable else {
                throw StorageError.rangeNotSatisfiable(requested: range ?? next..<next, size: Self.objectSize(in: answer) ?? 0)
            }
            guard answer.status == .partialContent || (answer.status == .ok && next == 0) else {
                throw StorageError.objectStore(
                    operation: operation, status: Int(answer.status.code), code: "", message: "the answer is not the range asked for")
            }
            guard let size = Self.objectSize(in: answer) else {
                throw StorageError.objectStore(
                    operation: operation, status: Int(answer.status.code), code: "", message: "the answer does not say the object's size")
            }
            if let range, range.upperBound > size { throw StorageError.rangeNotSatisfiable(requested: range, size: size) }
            let last = end ?? size
            end = last
            do {
                for try await chunk in answer.body {
                    let wanted = Int(min(Int64(chunk.readableBytes), last - next))
                    guard wanted > 0 else { break }
                    try await consume(chunk.getSlice(at: chunk.readerIndex, length: wanted)!)
                    next += Int64(wanted)
                }
            } catch let error where Self.isTransient(error) {
                attempt = next > start ? 2 : attempt + 1
                guard attempt <= retries.attempts else {
                    throw StorageError.objectStore(
                        operation: operation, status: Int(answer.status.code), code: "",
                        message: "the answer broke off \(retries.attempts) times in a row at byte \(next): \(error)"
                    )
                }
                try await Task.sleep(for: retries.pause(before: attempt))
                continue
            }
            guard next == last else {
                throw StorageError.objectStore(
                    operation: operation, status: Int(answer.status.code), code: "", message: "the answer ended \(last - next) bytes early")
            }
        }
        return true
    }

    /// The size of the object a GET answered about: the total of its `Content-Range`
    /// (`bytes 0-99/1000`, `bytes */1000`), or the `Content-Length` of a whole object.
    private static func objectSize(in answer: HTTPClientResponse) -> Int64? {
        if let contentRange = answer.headers.first(name: "content-range") {
            return contentRange.split(separator: "/").last.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        }
        return answer.status == .ok ? answer.headers.first(name: "content-length").flatMap(Int64.init) : nil
    }

    /// Removes object `key`; removing an object that is not there is not an error.
    func deleteObject(key: String) async throws {
        _ = try await send("DELETE", key: key, accepting: [404], operation: "delete object \(key)")
    }

    /// Copies object `source` to `destination` inside the bucket (objects up to 5 GiB).
    func copyObject(from source: String, to destination: String) async throws {
        let operation = "copy object \(source) to \(destination)"
        let answer = try await send("PUT", key: destination, headers: ["x-amz-copy-source": copySource(source)], operation: operation)
        // A copy can fail after its 200 has been sent: the error is then in the body.
        try Self.checkForError(in: try await Self.collect(answer, operation: operation), operation: operation)
    }

    // MARK: Multipart uploads

    /// Starts a multipart upload of object `key` and returns its upload id.
    func startMultipartUpload(key: String) async throws -> String {
        let operation = "start a multipart upload of \(key)"
        let answer = try await send("POST", key: key, query: [("uploads", "")], operation: operation)
        let body = try await Self.collect(answer, operation: operation)
        guard let uploadID = S3XMLAnswer(body).firstValue(of: "UploadId") else {
            throw StorageError.objectStore(operation: operation, status: Int(answer.status.code), code: "", message: "the answer has no UploadId")
        }
        return uploadID
    }

    /// Uploads part `number` (from 1) of upload `uploadID` and returns its ETag.
    func uploadPart(key: String, uploadID: String, number: Int, body: ByteBuffer) async throws -> String {
        let operation = "upload part \(number) of \(key)"
        let answer = try await send(
            "PUT", key: key, query: [("partNumber", "\(number)"), ("uploadId", uploadID)], body: body, operation: operation
        )
        guard let etag = answer.headers.first(name: "etag") else {
            throw StorageError.objectStore(operation: operation, status: Int(answer.status.code), code: "", message: "the answer has no ETag")
        }
        return etag
    }

    /// Copies the bytes `range` of object `source` as part `number` of upload `uploadID` and
    /// returns its ETag.
    func copyPart(from source: String, range: Range<Int64>, key: String, uploadID: String, number: Int) async throws -> String {
        let operation = "copy part \(number) of \(key)"
        let answer = try await send(
            "PUT", key: key, query: [("partNumber", "\(number)"), ("uploadId", uploadID)],
            headers: ["x-amz-copy-source": copySource(source), "x-amz-copy-source-range": "bytes=\(range.lowerBound)-\(range.upperBound - 1)"],
            operation: operation
        )
        let body = try await Self.collect(answer, operation: operation)
        try Self.checkForError(in: body, operation: operation)
        guard let etag = S3XMLAnswer(body).firstValue(of: "ETag") else {
            throw StorageError.objectStore(operation: operation, status: Int(answer.status.code), code: "", message: "the answer has no ETag")
        }
        return etag
    }

    /// Completes upload `uploadID` from `etags`, the ETag of each part in order.
    func completeMultipartUpload(key: String, uploadID: String, etags: [String]) async throws {
        let operation = "complete the multipart upload of \(key)"
        var xml = "<CompleteMultipartUpload>"
        for (index, etag) in etags.enumerated() {
            xml += "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(S3XMLAnswer.escaped(etag))</ETag></Part>"
        }
        xml += "</CompleteMultipartUpload>"
        let answer = try await send("POST", key: key, query: [("uploadId", uploadID)], body: ByteBuffer(string: xml), operation: operation)
        // The completion can fail after its 200 has been sent: the error is then in the body.
        try Self.checkForError(in: try await Self.collect(answer, operation: operation), operation: operation)
    }

    /// Abandons upload `uploadID`, freeing its parts.
    func abortMultipartUpload(key: String, uploadID: String) async throws {
        _ = try await send("DELETE", key: key, query: [("uploadId", uploadID)], accepting: [404], operation: "abort the multipart upload of \(key)")
    }

    // MARK: Listings

    /// The keys of the objects whose keys start with `prefix`.
    func objectKeys(under prefix: String) async throws -> [String] {
        var keys: [String] = []
        var continuation: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let continuation { query.append(("continuation-token", continuation)) }
            let operation = "list objects under \(prefix)"
            let answer = S3XMLAnswer(try await Self.collect(try await send("GET", key: "", query: query, operation: operation), operation: operation))
            keys += answer.allValues(of: "Key")
            continuation = answer.firstValue(of: "IsTruncated") == "true" ? answer.firstValue(of: "NextContinuationToken") : nil
        } while continuation != nil
        return keys
    }

    /// The keys of the multipart uploads under `prefix` that were neither completed nor
    /// aborted (the first thousand).
    func unfinishedUploadKeys(under prefix: String) async throws -> [String] {
        let operation = "list uploads under \(prefix)"
        let answer = try await send("GET", key: "", query: [("uploads", ""), ("prefix", prefix)], operation: operation)
        return S3XMLAnswer(try await Self.collect(answer, operation: operation)).allValues(of: "Key")
    }

    // MARK: Sending

    /// Sends a signed request, again after transient failures, and returns the answer once
    /// its status is a success or one of `accepting`.
    ///
    /// - Throws: ``StorageError/objectStore(operation:status:code:message:)`` with the store's
    ///   error code and message for any other status, or when no attempt got an answer.
    private func send(
        _ method: String, key: String, query: [(String, String)] = [], headers: [String: String] = [:], body: ByteBuffer? = nil,
        accepting: Set<UInt> = [], operation: String
    ) async throws -> HTTPClientResponse {
        let payloadHash = body.map { buffer in buffer.withUnsafeReadableBytes { SHA256.hash(data: $0).hex } } ?? S3RequestSigner.emptyPayloadHash
        let address = location.objectAddress(key: key)
        let queryString = S3RequestSigner.canonicalQuery(query)
        let url =
            address.base.absoluteString + S3RequestSigner.encode(address.path, keepingSlashes: true) + (queryString.isEmpty ? "" : "?" + queryString)
        var attempt = 1
        while true {
            var request = HTTPClientRequest(url: url)
            request.method = HTTPMethod(rawValue: method)
            let signed = signer.headers(
                method: method, host: address.host, path: address.path, query: query, headers: headers, payloadHash: payloadHash, date: Date()
            )
            for (name, value) in signed where name != "host" { request.headers.add(name: name, value: value) }
            if let body {
                request.body = .bytes(body)
                request.headers.replaceOrAdd(name: "content-length", value: "\(body.readableBytes)")
            }
            let failure: StorageError
            do {
                let answer = try await Self.http.execute(request, timeout: Self.answerDeadline)
                let status = answer.status.code
                if (200..<300).contains(status) || accepting.contains(status) { return answer }
                let detail = S3XMLAnswer(try await Self.collect(answer, operation: operation))
                failure = .objectStore(
                    operation: operation, status: Int(status), code: detail.firstValue(of: "Code") ?? "",
                    message: detail.firstValue(of: "Message") ?? ""
                )
                guard Self.retriedStatuses.contains(status), attempt < retries.attempts else { throw failure }
            } catch let error where Self.isTransient(error) {
                guard attempt < retries.attempts else {
                    throw StorageError.objectStore(operation: operation, status: 0, code: "", message: "\(error)")
                }
            }
            attempt += 1
            try await Task.sleep(for: retries.pause(before: attempt))
        }
    }

    /// Whether `error` is a failure on the way that a repetition may not meet: among them no
    /// connection of the pool freed or opened within the connect timeout.
    static func isTransient(_ error: any Error) -> Bool {
        if error is CancellationError { return false }
        if let error = error as? HTTPClientError {
            return [.remoteConnectionClosed, .readTimeout, .deadlineExceeded, .connectTimeout, .getConnectionFromPoolTimeout].contains(error)
        }
        if let error = error as? HTTPParserError {
            // The connection ended in the middle of an answer.
            return error == .invalidEOFState || error == .closedConnection
        }
        return error is IOError || error is ChannelError || error is NIOConnectionError
    }

    /// The `x-amz-copy-source` value naming object `key` of this bucket.
    private func copySource(_ key: String) -> String {
        "/" + S3RequestSigner.encode("\(location.bucket)/\(key)", keepingSlashes: true)
    }

    /// The body of `answer`, which for the answers this client reads whole is small.
    private static func collect(_ answer: HTTPClientResponse, operation: String) async throws -> ByteBuffer {
        do {
            return try await answer.body.collect(upTo: 1 << 20)
        } catch {
            throw StorageError.objectStore(
                operation: operation, status: Int(answer.status.code), code: "", message: "the answer's body could not be read: \(error)")
        }
    }

    /// Throws the error an S3 answer's body holds, when it holds one.
    private static func checkForError(in body: ByteBuffer, operation: String) throws {
        let answer = S3XMLAnswer(body)
        guard answer.rootElement == "Error" else { return }
        throw StorageError.objectStore(
            operation: operation, status: 200, code: answer.firstValue(of: "Code") ?? "", message: answer.firstValue(of: "Message") ?? "")
    }
}
