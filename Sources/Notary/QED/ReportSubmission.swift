import Accounts
import CivilTime
import Foundation
import HTTPSupport
import HTTPTypes
import JSON
import NotaryProof

/// A report as a client submits it to `POST /qed/v1/reports/`, validated field by field.
///
/// Every problem is collected, so the client learns about all of them at once, as a 400 with
/// one list of messages per field.
struct ReportSubmission: Codable, Sendable {
    /// A file the report vouches for.
    struct ProvableFile: Codable, Sendable, Equatable {
        let hash: String
        let fileName: String

        enum CodingKeys: String, CodingKey {
            case hash
            case fileName = "file_name"
        }
    }

    let hash: String
    let provableFiles: [ProvableFile]
    let originalCreatedAt: Date
    let name: String?
    let note: String?
    let email: String?
    let metaData: JSONValue?

    static let maxNameLength = 255
    static let maxNoteLength = 10_000

    init(body: [String: JSONValue]) throws {
        var errors: [String: [String]] = [:]
        func fail(_ field: String, _ message: String) { errors[field, default: []].append(message) }

        let hash = Self.hex(body["hash"], maxBytes: 32, field: "hash", fail: fail)
        var files: [ProvableFile] = []
        switch body["provable_files"] {
        case .array(let items):
            for (index, item) in items.enumerated() {
                guard case .object(let fields) = item else {
                    fail("provable_files[\(index)]", "Expected an object with hash and file_name.")
                    continue
                }
                let fileHash = Self.hex(fields["hash"], maxBytes: 32, exactBytes: 32, field: "provable_files[\(index)].hash", fail: fail)
                let fileName = Self.text(
                    fields["file_name"], maxLength: Self.maxNameLength, required: true, field: "provable_files[\(index)].file_name", fail: fail)
                if let fileHash, let fileName { files.append(ProvableFile(hash: fileHash, fileName: fileName)) }
            }
        case nil, .null?:
            fail("provable_files", "This field is required.")
        default:
            fail("provable_files", "Expected a list of files.")
        }
        var createdAt: Date?
        switch body["original_created_at"] {
        case .string(let text)?:
            createdAt = Self.date(text)
            if createdAt == nil { fail("original_created_at", "Enter a valid ISO 8601 date and time.") }
        case nil, .null?:
            fail("original_created_at", "This field is required.")
        default:
            fail("original_created_at", "Enter a valid ISO 8601 date and time.")
        }
        let name = Self.text(body["name"], maxLength: Self.maxNameLength, required: false, field: "name", fail: fail)
        let note = Self.text(body["note"], maxLength: Self.maxNoteLength, required: false, field: "note", fail: fail)
        let email = Self.text(body["email"], maxLength: 254, required: false, field: "email", fail: fail)
        if let email, !EmailAddress.isPlausible(email) { fail("email", "Enter a valid email address.") }

        guard errors.isEmpty, let hash, let createdAt else {
            throw APIError(.badRequest, "invalid report", fieldErrors: errors)
        }
        self.hash = hash
        self.provableFiles = files
        self.originalCreatedAt = createdAt
        self.name = name
        self.note = note
        self.email = email
        self.metaData = body["meta_data"].flatMap { $0 == .null ? nil : $0 }
    }

    /// The SHA-256 digests of the files, for the log entry.
    var fileDigests: [String] { provableFiles.map(\.hash) }

    private static func hex(
        _ value: JSONValue?, maxBytes: Int, exactBytes: Int? = nil, field: String, fail: (String, String) -> Void
    ) -> String? {
        guard let value, value != .null else {
            fail(field, "This field is required.")
            return nil
        }
        guard let text = value.stringValue?.lowercased(), NotaryEntry.isHex(text, maxBytes: maxBytes) else {
            fail(field, exactBytes == nil ? "Enter a hex string of at most \(maxBytes) bytes." : "Enter a SHA-256 digest as 64 hex characters.")
            return nil
        }
        if let exactBytes, text.utf8.count != exactBytes * 2 {
            fail(field, "Enter a SHA-256 digest as 64 hex characters.")
            return nil
        }
        return text
    }

    private static func text(_ value: JSONValue?, maxLength: Int, required: Bool, field: String, fail: (String, String) -> Void) -> String? {
        switch value {
        case nil, .null?:
            if required { fail(field, "This field is required.") }
            return nil
        case .string(let text)?:
            guard text.count <= maxLength else {
                fail(field, "Ensure this field has no more than \(maxLength) characters.")
                return nil
            }
            return text
        default:
            fail(field, "Not a valid string.")
            return nil
        }
    }

    /// Parses an ISO 8601 date and time, refusing calendar-impossible values (Feb 30, hour 24)
    /// that the system parser would silently roll over into the next day or month.
    private static func date(_ text: String) -> Date? {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
            digits[10] == UInt8(ascii: "T") || digits[10] == UInt8(ascii: "t"),
            digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            Int(String(decoding: digits[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            second < 60, UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second) != nil
        else { return nil }
        return Date(iso8601: text)
    }
}
