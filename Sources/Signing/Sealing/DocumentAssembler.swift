import PDF

/// Makes a document's prepared PDF from its files: the pages of every file in order, then
/// (on request) a signature page with a box for each signer, then the reserved audit page.
///
/// The first file's bytes stay unchanged at the start of the result, so that its SHA-256 can
/// still be checked against the prefix; one incremental update appends the pages of the other
/// files (copied with everything they use, see ``PDF/PDFIncrementalUpdate/appendPages(_:of:)``)
/// and the two pages of our own. Those take the size of the first page (turned portrait)
/// when it is a plausible paper size, else A4.
///
/// ```swift
/// let assembled = try DocumentAssembler().assemble(
///     files: [contract, annex], documentName: "NDA", documentID: id,
///     signaturePageFor: [SignerIdentity(name: "Jane Doe", email: "jane@example.com")]
/// )
/// ```
public struct DocumentAssembler: Sendable {
    /// The smallest and largest side, in points, of a first page whose size the added pages
    /// take; outside this range (a small image, a poster) they are A4.
    static let plausiblePaperSides = 400.0...1400.0

    /// Creates an assembler.
    public init() {}

    /// The prepared PDF of `files`, each the bytes of a PDF file.
    ///
    /// - Parameters:
    ///   - files: The files' bytes, in order; at least one.
    ///   - documentName: The name shown on the audit page.
    ///   - documentID: The id shown on the audit page.
    ///   - signers: The signers to give a box on a signature page; `nil` or empty for no
    ///     signature page.
    /// - Throws: ``AssemblyError`` when there is no file, or a file cannot be read, is
    ///   encrypted or has no pages.
    public func assemble(
        files: [[UInt8]], documentName: String, documentID: String, signaturePageFor signers: [SignerIdentity]?
    ) throws -> AssembledDocument {
        try assembleFiles(files, documentName: documentName, documentID: documentID, signers: signers ?? [])
    }

    /// ``assemble(files:documentName:documentID:signaturePageFor:)`` with typed errors.
    private func assembleFiles(
        _ files: [[UInt8]], documentName: String, documentID: String, signers: [SignerIdentity]
    ) throws(AssemblyError) -> AssembledDocument {
        guard let firstBytes = files.first else { throw .noFiles }
        let (first, firstPages) = try open(firstBytes, index: 0)
        var update = PDFIncrementalUpdate(file: first)
        var filePageCounts = [firstPages.count]
        var pageSizes = firstPages.map { Self.pixels(PDFPageGeometry(page: $0).visibleSize) }
        for (index, bytes) in files.enumerated().dropFirst() {
            let (file, pages) = try open(bytes, index: index)
            do {
                _ = try update.appendPages(pages, of: file)
            } catch {
                throw .unreadableFile(index: index, reason: error)
            }
            filePageCounts.append(pages.count)
            pageSizes += pages.map { Self.pixels(PDFPageGeometry(page: $0).visibleSize) }
        }

        let size = Self.addedPageSize(after: PDFPageGeometry(page: firstPages[0]).visibleSize)
        var signaturePageIndex: Int?
        var signaturePageBoxes: [PageBox] = []
        do {
            if !signers.isEmpty {
                let layout = SignaturePageLayout(size: size, signers: signers)
                _ = try update.appendPage(showing: layout.page())
                let index = pageSizes.count
                signaturePageIndex = index
                signaturePageBoxes = layout.boxes.map { PageBox(pageIndex: index, displayedRect: $0, visibleHeight: size.height) }
                pageSizes.append(Self.pixels(size))
            }
            _ = try update.appendPage(showing: AuditPageLayout(size: size).page(documentName: documentName, documentID: documentID))
        } catch {
            throw .unreadableFile(index: 0, reason: error)
        }
        pageSizes.append(Self.pixels(size))

        return AssembledDocument(
            pdf: update.serialize().bytes,
            filePageCounts: filePageCounts,
            pageSizes: pageSizes,
            signaturePageIndex: signaturePageIndex,
            auditPageIndex: pageSizes.count - 1,
            signaturePageBoxes: signaturePageBoxes
        )
    }

    /// File `index` of the document, `bytes`, opened, and its pages (at least one).
    private func open(_ bytes: [UInt8], index: Int) throws(AssemblyError) -> (PDFFile, [PDFFilePage]) {
        let file: PDFFile
        let pages: [PDFFilePage]
        do {
            file = try PDFFile(bytes: bytes)
            pages = try file.pages()
        } catch {
            throw .unreadableFile(index: index, reason: error)
        }
        guard !pages.isEmpty else { throw .noPages(index: index) }
        return (file, pages)
    }

    /// The size of the pages added after a first page displayed at `firstPage`: that size
    /// turned portrait when both its sides are plausible for paper, else A4.
    static func addedPageSize(after firstPage: PDFSize) -> PDFSize {
        let short = min(firstPage.width, firstPage.height)
        let long = max(firstPage.width, firstPage.height)
        guard plausiblePaperSides.contains(short), plausiblePaperSides.contains(long) else { return .a4 }
        return PDFSize(width: short, height: long)
    }

    /// `size` in points as 96-dpi pixels.
    static func pixels(_ size: PDFSize) -> PDFSize {
        PDFSize(width: size.width / PageBox.pointsPerPixel, height: size.height / PageBox.pointsPerPixel)
    }
}
