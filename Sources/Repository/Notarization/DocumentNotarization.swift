import Foundation

/// A file of a document that was notarized: which one, its SHA-256, the Notary's report and
/// who asked when.
public struct DocumentNotarization: Sendable, Equatable {
    /// The Notary's report.
    public let reportID: String
    /// The document.
    public let documentID: String
    /// Where the file is in the document, such as `file:content`.
    public let xpath: String
    /// The file's name then.
    public let fileName: String
    /// The file's SHA-256 (hex): its digest in the blob store.
    public let sha256: String
    /// The report's public page, such as `/verify/abc`.
    public let verifyPath: String
    /// The user who notarized it.
    public let notarizedBy: String
    /// When.
    public let notarizedAt: Date
}
