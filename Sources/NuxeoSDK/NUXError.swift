import Foundation

/// Why a NuxeoSDK call failed, when it was not the network.
///
/// Network failures come as the `URLError` that `URLSession` reported. A request cancelled
/// with ``NUXSession/cancelAllRequests()`` fails with `CancellationError` or
/// `URLError.cancelled`.
public enum NUXError: Error, Sendable, Equatable {
    /// The server answered with a status outside 200–299.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status, such as 401 or 404.
    ///   - message: The `message` of the Nuxeo `exception` entity the server sent, or the
    ///     standard phrase of the status when the body is not one.
    case server(statusCode: Int, message: String)
    /// The request has not completed yet, so there is no response to read.
    case noResponse
    /// The JSON is not an entity: not an object with an `entity-type`.
    case notAnEntity
    /// No entity type is registered in the ``NUXJSONMapper`` for this `entity-type`.
    case unknownEntityType(String)
    /// The JSON is an entity of another type than the one asked for.
    case unexpectedEntityType(expected: String, found: String)
    /// The entity has no identifier (a document without `uid`), so it cannot be cached or
    /// updated.
    case missingEntityId
    /// The token endpoint did not issue a token: it answered `statusCode` (or an empty body)
    /// rather than `201 Created` and the token.
    case tokenNotIssued(statusCode: Int)
    /// The document has no blob metadata with a digest at this property path.
    case missingBlobMetadata(xpath: String)
    /// The digest cannot name a blob: it is empty or holds a `/`.
    case invalidDigest(String)
    /// The file's digest differs from the one the document's blob metadata gives.
    case digestMismatch(expected: String, actual: String)
    /// The blob is larger than the ``NUXBlobStore/sizeLimit``, so the store cannot keep it.
    case blobTooLarge(size: Int64, limit: Int64)
    /// The hierarchy's request returned no document to build a tree from.
    case emptyHierarchy
    /// The file is not a property list of `NUXSession-info` settings.
    case invalidPropertyFile(path: String)
    /// The upload endpoint answered `statusCode` but no batch id when asked for a new batch.
    case batchNotCreated(statusCode: Int)
    /// The server did not report the file complete once all of it was sent.
    case uploadIncomplete(batchId: String, fileIndex: Int)
}

extension NUXError: LocalizedError {
    /// A sentence that explains the error.
    public var errorDescription: String? {
        switch self {
        case .server(let statusCode, let message):
            "The Nuxeo server refused the request (HTTP \(statusCode)): \(message)"
        case .noResponse:
            "The request has no response yet; start it first."
        case .notAnEntity:
            "The JSON is not a Nuxeo entity: it has no entity-type."
        case .unknownEntityType(let type):
            "No entity type is registered for entity-type '\(type)'."
        case .unexpectedEntityType(let expected, let found):
            "Expected a '\(expected)' entity, found '\(found)'."
        case .missingEntityId:
            "The entity has no identifier."
        case .tokenNotIssued(let statusCode):
            "The server did not issue an authentication token (HTTP \(statusCode), 201 expected)."
        case .missingBlobMetadata(let xpath):
            "The document has no blob with a digest at '\(xpath)'."
        case .invalidDigest(let digest):
            "'\(digest)' cannot name a blob."
        case .digestMismatch(let expected, let actual):
            "The file's digest is \(actual), the document's blob has \(expected)."
        case .blobTooLarge(let size, let limit):
            "The blob (\(size) bytes) is larger than the blob store's limit (\(limit) bytes)."
        case .emptyHierarchy:
            "The hierarchy's request returned no document."
        case .invalidPropertyFile(let path):
            "\(path) is not a property list of NUXSession settings."
        case .batchNotCreated(let statusCode):
            "The server did not create an upload batch (HTTP \(statusCode), no batch id)."
        case .uploadIncomplete(let batchId, let fileIndex):
            "The server does not report file \(fileIndex) of upload batch \(batchId) complete after its last byte was sent."
        }
    }
}

extension NUXError {
    /// The error for a response whose status is outside 200–299: Nuxeo's explanation when the
    /// body is an `exception` entity (`{"entity-type":"exception","status":404,"message":…}`).
    static func serverError(for response: NUXResponse) -> NUXError {
        let message = (try? response.json())?["message"]?.stringValue
        return .server(statusCode: response.statusCode, message: message ?? response.message)
    }
}
