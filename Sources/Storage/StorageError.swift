/// Errors raised by the storage layer.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The database URL names a scheme Chancery cannot open.
    case invalidDatabaseURL(String)
    /// The blob store URL names a scheme Chancery cannot open.
    case invalidBlobStoreURL(String)
    /// A blob digest is not 64 lowercase hexadecimal characters.
    case invalidDigest(String)
    /// No blob with this digest is stored.
    case blobNotFound(String)
    /// The requested byte range lies outside the blob.
    case rangeNotSatisfiable(requested: Range<Int64>, size: Int64)
    /// The bytes written did not hash to the digest the caller expected.
    case digestMismatch(expected: String, actual: String)
    /// A write was larger than the caller allowed.
    case blobTooLarge(limit: Int64)
    /// Two migrations of one module share a version number.
    case duplicateMigrationVersion(module: String, version: Int)
    /// The database has migrations of a module that this build does not know.
    case unknownAppliedMigration(module: String, version: Int)
    /// An S3 blob store was asked for, but `AWS_ACCESS_KEY_ID` or `AWS_SECRET_ACCESS_KEY` is not set.
    case missingS3Credentials
    /// The object store refused or failed a request, after any retries.
    case objectStore(operation: String, status: Int, code: String, message: String)
    /// A transaction was begun on a database that is closed or closing.
    case databaseClosed

    public var description: String {
        switch self {
        case .invalidDatabaseURL(let url):
            return "unsupported database URL '\(url)': use a file path, sqlite:PATH or postgres://user:pass@host:port/db"
        case .invalidBlobStoreURL(let url):
            return "unsupported blob store URL '\(url)': use a directory path, file:///path or s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION"
        case .invalidDigest(let digest):
            return "'\(digest)' is not a SHA-256 digest (64 lowercase hex characters)"
        case .blobNotFound(let digest):
            return "no blob with digest \(digest)"
        case .rangeNotSatisfiable(let requested, let size):
            return "range \(requested.lowerBound)..<\(requested.upperBound) is outside a blob of \(size) bytes"
        case .digestMismatch(let expected, let actual):
            return "content hashes to \(actual), expected \(expected)"
        case .blobTooLarge(let limit):
            return "content is larger than the limit of \(limit) bytes"
        case .duplicateMigrationVersion(let module, let version):
            return "module \(module) declares migration version \(version) twice"
        case .unknownAppliedMigration(let module, let version):
            return "the database has migration \(module) v\(version), which this build does not know; is it older than the data?"
        case .missingS3Credentials:
            return "an S3 blob store needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials)"
        case .objectStore(let operation, let status, let code, let message):
            let status = status == 0 ? "no answer" : "HTTP \(status)"
            return "the object store failed to \(operation): \(status)\(code.isEmpty ? "" : " \(code)")\(message.isEmpty ? "" : ": \(message)")"
        case .databaseClosed:
            return "the database is closed"
        }
    }
}
