import Foundation
import NuxeoSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a `chancery repo` command failed, in one line for the person who ran it.
///
/// ArgumentParser prints it as `Error: …` on standard error and exits with 1.
struct RepositoryFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
    /// The HTTP status the server answered, if the failure is its refusal.
    let statusCode: Int?

    /// A failure described as `description`.
    init(_ description: String) {
        self.description = description
        statusCode = nil
    }

    /// The failure of a request about `subject` (a path or uid, if the request was about
    /// one document) to `server`:
    ///
    /// - 401: the credentials were refused ("wrong user name or password", or the token);
    /// - 404 about a subject: "no document at SUBJECT";
    /// - any other refusal: the server's own message;
    /// - a network failure: that the server cannot be reached.
    init(_ error: any Error, subject: String?, server: String, usesToken: Bool) {
        switch error {
        case let failure as RepositoryFailure:
            self = failure
            return
        case NUXError.server(statusCode: 401, _):
            description = usesToken ? "the server refused the token in CHANCERY_NUXEO_TOKEN" : "wrong user name or password"
        case NUXError.server(statusCode: 404, let message):
            description = subject.map { "no document at \($0)" } ?? message
        case NUXError.server(let statusCode, let message):
            description = message.isEmpty ? "the server answered HTTP \(statusCode)" : message
        case let error as URLError:
            description = "cannot reach \(server): \(Self.phrase(for: error))"
        case let error as any LocalizedError:
            description = error.errorDescription ?? "\(error)"
        default:
            description = "\(error)"
        }
        if case NUXError.server(let statusCode, _) = error { self.statusCode = statusCode } else { statusCode = nil }
    }

    /// What a network failure means, in words (swift-corelibs-foundation describes them only
    /// by number).
    private static func phrase(for error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .timedOut: "timed out"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            "the TLS connection failed"
        default: "network error \(error.code.rawValue)"
        }
    }
}
