/// One input file of a document, turned into PDF by ``DocumentIntake``.
public struct IntakeFile: Sendable {
    /// The file's name, as the request gave it.
    public var name: String
    /// The file as PDF: the bytes received when they were a PDF, else the converted file.
    public var pdf: [UInt8]
    /// The number of pages of ``pdf``.
    public var pageCount: Int
    /// The SHA-256 of the bytes received (decoded base64 or the downloaded body), in
    /// lowercase hex: what the sender can check their original file against.
    public var originalSHA256: String

    /// Creates the description of an input file.
    public init(name: String, pdf: [UInt8], pageCount: Int, originalSHA256: String) {
        self.name = name
        self.pdf = pdf
        self.pageCount = pageCount
        self.originalSHA256 = originalSHA256
    }
}
