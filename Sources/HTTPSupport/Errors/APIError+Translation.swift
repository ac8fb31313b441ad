import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Storage

extension APIError {
    /// The client-facing form of any error a route may throw, or `nil` for errors that are
    /// the server's fault (and so become a 500 without details).
    public init?(translating error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as HTTPError:
            self.init(error.status, error.body ?? Self.defaultMessage(for: error.status), headers: error.headers)
        case let error as DecodingError:
            self.init(.badRequest, "malformed request body: \(Self.describe(error))")
        case let error as AccountsError:
            self.init(Self.status(of: error), error.description)
        case let error as OAuth2ClientError:
            guard let status = Self.status(of: error) else { return nil }
            self.init(status, error.description)
        case let error as TooManyFailedAttempts:
            self.init(.tooManyRequests, error.description, headers: [.retryAfter: "\(error.retryAfter)"])
        case let error as StorageError:
            guard let status = Self.status(of: error) else { return nil }
            self.init(status, error.description)
        case let error as any HTTPResponseError:
            self.init(error.status, Self.defaultMessage(for: error.status))
        default:
            return nil
        }
    }

    private static func defaultMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "no such resource"
        case .contentTooLarge: return "request body too large"
        default: return status.reasonPhrase
        }
    }

    private static func status(of error: AccountsError) -> HTTPResponse.Status {
        switch error {
        case .userExists, .groupExists: return .conflict
        case .userNotFound, .groupNotFound, .apiKeyNotFound: return .notFound
        case .invalidName, .passwordTooShort: return .badRequest
        case .builtInGroup: return .forbidden
        }
    }

    private static func status(of error: OAuth2ClientError) -> HTTPResponse.Status? {
        switch error {
        case .clientExists, .ownedByUser: return .conflict
        case .clientNotFound, .ownerNotFound: return .notFound
        case .invalidRedirectURI, .publicClientWithoutRedirectURI: return .badRequest
        case .unknownStoredKind: return nil
        }
    }

    private static func status(of error: StorageError) -> HTTPResponse.Status? {
        switch error {
        case .invalidDigest, .digestMismatch: return .badRequest
        case .blobNotFound: return .notFound
        case .rangeNotSatisfiable: return .rangeNotSatisfiable
        case .blobTooLarge: return .contentTooLarge
        case .databaseClosed: return .serviceUnavailable
        case .invalidDatabaseURL, .invalidBlobStoreURL, .duplicateMigrationVersion, .unknownAppliedMigration, .missingS3Credentials, .objectStore:
            return nil
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "" : " at '\(keys)'"
        }
        switch error {
        case .dataCorrupted(let context):
            return "not valid JSON\(path(context))"
        case .keyNotFound(let key, let context):
            return "missing field '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "expected \(type)\(path(context))"
        @unknown default:
            return "cannot be decoded"
        }
    }
}
