import Accounts
import Foundation
import HTTPSupport
import JSON
import Logging

/// What an operation runs with: the repository, the caller, and the request's parameters
/// and context.
public struct OperationCall: Sendable {
    /// The repository.
    public let repository: Repository
    /// The caller's permission checks.
    public let checker: AccessChecker
    /// The users and groups, which permissions name.
    public let accounts: AccountStore
    /// The request's `params`.
    public let parameters: [String: JSONValue]
    /// The request's `context`.
    public let context: [String: JSONValue]
    /// Where `Log` writes.
    public let logger: Logger
    /// Notarizes documents' files, when the server has a Notary.
    public let notary: DocumentNotary?

    /// The text value of parameter `name` (numbers and booleans as text), or `nil`.
    public func string(_ name: String) -> String? {
        switch parameters[name] {
        case .string(let value)?: return value
        case .integer(let value)?: return String(value)
        case .number(let value)?: return String(value)
        case .bool(let value)?: return value ? "true" : "false"
        default: return nil
        }
    }

    /// The text value of the required parameter `name`.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when it is missing.
    public func required(_ name: String) throws -> String {
        guard let value = string(name), !value.isEmpty else { throw RepositoryError.invalid("the parameter '\(name)' is required") }
        return value
    }

    /// The boolean parameter `name`, `fallback` when absent.
    public func bool(_ name: String, default fallback: Bool) -> Bool {
        guard let value = string(name) else { return fallback }
        return value.lowercased() == "true"
    }

    /// The integer parameter `name`, `fallback` when absent.
    public func integer(_ name: String, default fallback: Int) throws -> Int {
        guard let text = string(name), !text.isEmpty else { return fallback }
        guard let value = Int(text) else { throw RepositoryError.invalid("the parameter '\(name)' must be an integer") }
        return value
    }

    /// A list parameter: a JSON array, or comma-separated text.
    public func list(_ name: String) -> [String] {
        switch parameters[name] {
        case .array(let values)?: return values.compactMap(\.stringValue)
        case .string(let text)?: return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default: return []
        }
    }

    /// The `properties` parameter: a JSON object, or Nuxeo's `key=value` lines.
    public func properties(_ name: String = "properties") throws -> [String: JSONValue] {
        switch parameters[name] {
        case nil, .null?: return [:]
        case .object(let values)?: return values
        case .string(let text)?: return Self.parseProperties(text)
        default: throw RepositoryError.invalid("the parameter '\(name)' must be an object or key=value lines")
        }
    }

    /// The blob parameter `name`: a reference to a file of an upload batch of the caller's own,
    /// `{"upload-batch": ID, "upload-fileId": INDEX}` (a file index of 0 when absent), as
    /// clients send a blob parameter in JSON.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when it is missing or no such reference.
    public func blob(_ name: String) async throws -> BlobInfo {
        guard case .object(let fields)? = parameters[name], let batch = fields["upload-batch"]?.stringValue else {
            throw RepositoryError.invalid("the parameter '\(name)' must be an upload-batch reference")
        }
        let index = fields["upload-fileId"].flatMap { $0.stringValue.flatMap(Int.init) ?? $0.integerValue } ?? 0
        return try await repository.uploads.blob(index, of: batch, owner: checker.principal)
    }

    /// The document parameter `name`, resolved for reading.
    public func document(_ name: String) async throws -> Document {
        try await repository.document(DocumentReference(try required(name)), for: checker)
    }

    /// Parses `key=value` lines; `\n` in a value stands for a line break, and lines that
    /// are empty or start with `#` are skipped.
    static func parseProperties(_ text: String) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = String(trimmed[trimmed.index(after: equals)...]).replacingOccurrences(of: "\\n", with: "\n")
            result[key] = .string(value)
        }
        return result
    }
}
