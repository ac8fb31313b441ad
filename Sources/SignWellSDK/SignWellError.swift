import Foundation

/// The server refused a request, or answered in a way the SDK does not understand.
///
/// The server explains a refusal in one of three shapes, each a ``Reason``:
/// `{"message", "meta": {"error", "message", "messages"}}` (such as `record_not_found` for an
/// unknown document), `{"errors": {field: messages}}` for invalid input, and `{"error"}` when
/// requests come too fast (with ``retryAfter``).
///
/// ```swift
/// do {
///     let pdf = try await client.completedPDF(id)
/// } catch let error as SignWellError where error.code == "record_not_found" {
///     // not completed yet, or no such document
/// }
/// ```
public struct SignWellError: Error, Hashable, Sendable {
    /// What the server said about the failure.
    public enum Reason: Hashable, Sendable {
        /// An explanation: `{"message", "meta": {"error", "message", "messages"}}`.
        case message(String?, meta: Meta?)
        /// Invalid input: each field's messages. Nested fields have dotted names, such as
        /// `recipients.0.email`.
        case validation([String: [String]])
        /// Too many requests: the server's `{"error"}`.
        case rateLimited(String)
        /// A refusal the server did not explain in a known shape: the start of its body, or
        /// the status's standard phrase.
        case unexplained(String)
        /// A successful answer the SDK could not read: what was wrong with it.
        case unreadableAnswer(String)
    }

    /// The `meta` object of an explanation.
    public struct Meta: Codable, Hashable, Sendable {
        /// A code for the kind of failure, such as `record_not_found`.
        public var error: String
        /// The explanation.
        public var message: String
        /// Further explanations.
        public var messages: [String]?

        /// Describes a failure.
        public init(error: String, message: String, messages: [String]? = nil) {
            self.error = error
            self.message = message
            self.messages = messages
        }
    }

    /// The HTTP status, such as 404 or 422.
    public var statusCode: Int
    /// What the server said.
    public var reason: Reason
    /// How long the server asks to wait before the next request, from `Retry-After`.
    public var retryAfter: TimeInterval?

    /// Describes a failure.
    public init(statusCode: Int, reason: Reason, retryAfter: TimeInterval? = nil) {
        self.statusCode = statusCode
        self.reason = reason
        self.retryAfter = retryAfter
    }

    /// The code of an explained failure, such as `record_not_found`; `nil` for other reasons.
    public var code: String? {
        if case .message(_, let meta) = reason { meta?.error } else { nil }
    }

    /// The messages of each invalid field; empty unless the reason is ``Reason/validation(_:)``.
    public var fieldErrors: [String: [String]] {
        if case .validation(let fields) = reason { fields } else { [:] }
    }
}

extension SignWellError: CustomStringConvertible, LocalizedError {
    /// One line that says what failed and why, such as
    /// `HTTP 404 record_not_found: Document not found` or
    /// `HTTP 422 invalid input: recipients.0.email: is invalid`.
    public var description: String {
        switch reason {
        case .message(let message, let meta):
            let code = meta.map { " \($0.error)" } ?? ""
            let text =
                [message, meta?.message].compactMap { $0 }.first { !$0.isEmpty }
                ?? HTTPStatus.phrase(statusCode)
            let more = (meta?.messages ?? []).filter { $0 != text }
            return "HTTP \(statusCode)\(code): \(([text] + more).joined(separator: "; "))"
        case .validation(let fields):
            let messages = fields.keys.sorted().flatMap { field in fields[field, default: []].map { "\(field): \($0)" } }
            return "HTTP \(statusCode) invalid input: \(messages.joined(separator: "; "))"
        case .rateLimited(let message):
            let wait = retryAfter.map { " (retry after \(Int($0.rounded(.up))) s)" } ?? ""
            return "HTTP \(statusCode) too many requests: \(message)\(wait)"
        case .unexplained(let text):
            return "HTTP \(statusCode): \(text)"
        case .unreadableAnswer(let problem):
            return "HTTP \(statusCode) answer not understood: \(problem)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

extension SignWellError {
    /// The error for an unsuccessful answer: its status, its body read in whichever of the
    /// three error shapes it has, and its `Retry-After` header.
    init(statusCode: Int, body: Data, retryAfterHeader: String?) {
        self.init(
            statusCode: statusCode, reason: Self.reason(in: body, statusCode: statusCode), retryAfter: Self.seconds(inRetryAfter: retryAfterHeader))
    }

    /// The reason in `body`: the first of the three shapes it has, or its start.
    private static func reason(in body: Data, statusCode: Int) -> Reason {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .unexplained(text.isEmpty ? HTTPStatus.phrase(statusCode) : text)
        }
        if let errors = object["errors"] {
            var fields: [String: [String]] = [:]
            flatten(errors, under: nil, into: &fields)
            return .validation(fields)
        }
        if let message = object["error"] as? String {
            return .rateLimited(message)
        }
        if object["message"] != nil || object["meta"] != nil {
            let meta = (object["meta"] as? [String: Any]).flatMap { meta -> Meta? in
                guard let error = meta["error"] as? String else { return nil }
                return Meta(error: error, message: meta["message"] as? String ?? "", messages: meta["messages"] as? [String])
            }
            return .message(object["message"] as? String, meta: meta)
        }
        return .unexplained(String(decoding: body.prefix(500), as: UTF8.self))
    }

    /// Adds the messages in `value` to `fields`: strings under `key`, and the members of
    /// objects and of lists of objects under `key.member` and `key.index`.
    private static func flatten(_ value: Any, under key: String?, into fields: inout [String: [String]]) {
        let name = key ?? "base"
        switch value {
        case let message as String:
            fields[name, default: []].append(message)
        case let object as [String: Any]:
            for (member, value) in object {
                flatten(value, under: key.map { "\($0).\(member)" } ?? member, into: &fields)
            }
        case let list as [Any]:
            for (index, element) in list.enumerated() {
                if element is String {
                    flatten(element, under: key, into: &fields)
                } else {
                    flatten(element, under: key.map { "\($0).\(index)" } ?? String(index), into: &fields)
                }
            }
        case is NSNull:
            break
        default:
            fields[name, default: []].append("\(value)")
        }
    }

    /// The wait a `Retry-After` header asks for: its seconds, or the time until its HTTP date.
    private static func seconds(inRetryAfter header: String?) -> TimeInterval? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = TimeInterval(header) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: header).map { max(0, $0.timeIntervalSinceNow) }
    }
}
