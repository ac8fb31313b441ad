import Foundation
import JSON
import Testing

@testable import Notary

/// The committed bytes of a report's metadata are what `JSONEncoder` (sorted keys, unescaped
/// slashes) writes for its fields, as they were before the project wrote them itself: proofs
/// made then and now commit to the same text for the same report.
@Suite struct CommittedMetadataTests {
    /// The fields as `JSONEncoder` encoded them: empty ones left out.
    struct EncodedFields: Encodable {
        let name: String?
        let note: String?
        let email: String?
        let originalCreatedAt: String
        let metaData: JSONValue?
        let provableFiles: [ReportSubmission.ProvableFile]
        enum CodingKeys: String, CodingKey {
            case name, note, email
            case originalCreatedAt = "original_created_at"
            case metaData = "meta_data"
            case provableFiles = "provable_files"
        }
    }

    static let bodies: [[String: JSONValue]] = [
        [
            "hash": .string(String(repeating: "ab", count: 32)), "original_created_at": "2026-11-21T12:00:00Z",
            "provable_files": [["hash": .string(String(repeating: "cd", count: 32)), "file_name": "photo.jpg"]],
        ],
        [
            "hash": .string(String(repeating: "01", count: 32)), "original_created_at": "2026-11-21T12:00:00.125Z",
            "name": "Contract / v2 \"final\"", "note": "line one\nline two\t✓", "email": "owner@example.com",
            "meta_data": ["b": [1, 2.5, nil, true], "A": ["url": "https://example.com/a/b"], "a": "é"],
            "provable_files": [
                ["hash": .string(String(repeating: "ef", count: 32)), "file_name": "a/b.pdf"],
                ["hash": .string(String(repeating: "12", count: 32)), "file_name": "日本.txt"],
            ],
        ],
    ]

    @Test(arguments: bodies)
    func theBytesAreWhatJSONEncoderWrote(body: [String: JSONValue]) throws {
        let submission = try ReportSubmission(body: body)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(
            EncodedFields(
                name: submission.name, note: submission.note, email: submission.email,
                originalCreatedAt: submission.originalCreatedAt.iso8601WithMilliseconds, metaData: submission.metaData,
                provableFiles: submission.provableFiles
            ))
        #expect(CommittedMetadata.bytes(of: submission) == Array(expected))
        #expect(CommittedMetadata(submission).salt.count == 16)
    }
}
