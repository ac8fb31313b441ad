/// How ``SignWellClient/completedPDF(_:auditPage:fileFormat:progress:)`` packs a completed
/// document.
public enum CompletedFileFormat: String, Codable, Hashable, Sendable, CaseIterable {
    /// One PDF with every file.
    case pdf
    /// A ZIP archive with one PDF per file.
    case zip
}
