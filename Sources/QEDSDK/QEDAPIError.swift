import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a ``QEDAPI`` request failed, when it was not the network.
///
/// Network failures come as the `URLError` that `URLSession` reported.
public enum QEDAPIError: Error, Sendable, Equatable {
    /// No server URL is configured: call ``QEDAPI/setup(with:serverURL:)``, set
    /// ``QEDAPI/serverURL``, or configure it in the app's `Info.plist` (`QEDServerURL`) or
    /// environment (`QED_SERVER_URL`). No request was made.
    case serverURLNotSet
    /// The file has no ``QEDFile/hash`` to report: compute it with
    /// ``QEDFile/withCalculatedHash()`` first. No request was made.
    case missingHash
    /// The file has no ``QEDFile/slug``, so it has no report on the server yet: report it with
    /// ``QEDAPI/sendReport(for:completion:)`` first. No request was made.
    case notReported
    /// The server refused the request, with the reason it gave.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status, such as 400, 401 or 404.
    ///   - message: The server's explanation: its `detail`, or for invalid input every field's
    ///     messages as `field: message` joined by `; `.
    ///   - fieldErrors: For invalid input, the messages of each field (such as `hash` or
    ///     `provable_files[0].hash`); empty otherwise.
    case server(statusCode: Int, message: String, fieldErrors: [String: [String]])
    /// The server answered in a way the SDK does not understand, such as a report without a
    /// slug, or a certificate that is not a PDF.
    case unexpectedResponse(statusCode: Int, description: String)
}

extension QEDAPIError: LocalizedError {
    /// A sentence that explains the error.
    public var errorDescription: String? {
        switch self {
        case .serverURLNotSet:
            "No Chancery server is configured; call QEDAPI.setup(with:serverURL:), or set QEDServerURL in Info.plist or QED_SERVER_URL in the environment."
        case .missingHash:
            "The file has no hash yet; compute it with withCalculatedHash() first."
        case .notReported:
            "The file has not been reported yet; report it with QEDAPI.sendReport(for:) first."
        case .server(let statusCode, let message, _):
            "The server refused the request (HTTP \(statusCode)): \(message)"
        case .unexpectedResponse(let statusCode, let description):
            "The server's answer (HTTP \(statusCode)) was not understood: \(description)"
        }
    }
}

extension QEDAPIError {
    /// The error for an unsuccessful response: the reason in the QED API's error body, which
    /// is `{"detail": "…"}` or, for invalid input, one list of messages per field.
    static func refusal(statusCode: Int, body: Data) -> QEDAPIError {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        if let detail = object["detail"] as? String {
            return .server(statusCode: statusCode, message: detail, fieldErrors: [:])
        }
        var fieldErrors: [String: [String]] = [:]
        for (field, value) in object {
            if let messages = value as? [String] {
                fieldErrors[field] = messages
            } else if let message = value as? String {
                fieldErrors[field] = [message]
            }
        }
        guard !fieldErrors.isEmpty else {
            return .server(statusCode: statusCode, message: HTTPURLResponse.localizedString(forStatusCode: statusCode), fieldErrors: [:])
        }
        let message = fieldErrors.keys.sorted()
            .flatMap { field in fieldErrors[field, default: []].map { "\(field): \($0)" } }
            .joined(separator: "; ")
        return .server(statusCode: statusCode, message: message, fieldErrors: fieldErrors)
    }
}
