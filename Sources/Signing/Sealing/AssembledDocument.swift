import PDF

/// A document's prepared PDF, as ``DocumentAssembler`` makes it, and where things are in it.
public struct AssembledDocument: Sendable {
    /// The prepared PDF: the first file's bytes unchanged, followed by one incremental update
    /// that adds the other files' pages, the signature page and the audit page.
    public var pdf: [UInt8]
    /// How many pages each input file has, in order.
    public var filePageCounts: [Int]
    /// The displayed size of every page of the prepared PDF, in 96-dpi pixels.
    public var pageSizes: [PDFSize]
    /// The index (from 0) of the signature page, when there is one.
    public var signaturePageIndex: Int?
    /// The index (from 0) of the audit page, always the last page.
    public var auditPageIndex: Int
    /// The box for each signer's signature on the signature page, in the signers' order;
    /// empty without a signature page.
    public var signaturePageBoxes: [PageBox]

    /// Creates a description of a prepared PDF.
    public init(
        pdf: [UInt8],
        filePageCounts: [Int],
        pageSizes: [PDFSize],
        signaturePageIndex: Int?,
        auditPageIndex: Int,
        signaturePageBoxes: [PageBox]
    ) {
        self.pdf = pdf
        self.filePageCounts = filePageCounts
        self.pageSizes = pageSizes
        self.signaturePageIndex = signaturePageIndex
        self.auditPageIndex = auditPageIndex
        self.signaturePageBoxes = signaturePageBoxes
    }
}
