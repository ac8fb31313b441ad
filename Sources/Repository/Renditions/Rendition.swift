/// A rendition of a document, as Nuxeo names them (`@rendition/{name}` and the
/// `renditions` enricher): a picture of its main file, that file as PDF, and the document
/// exported as XML or as a ZIP archive with its files.
enum Rendition: String, CaseIterable, Sendable {
    /// A PNG picture of the main file's first page, at most ``thumbnailSide`` pixels on a side.
    case thumbnail
    /// The main file as PDF.
    case pdf
    /// The document in Nuxeo's XML export format (``DocumentXMLExport``).
    case xmlExport
    /// A ZIP archive of the XML export and the document's files (``DocumentZipExport``).
    case zipExport

    /// The longest side of a thumbnail, in pixels.
    static let thumbnailSide = 350

    /// Nuxeo's kind of the rendition, as the enricher reports it.
    var kind: String {
        self == .thumbnail ? "nuxeo:icon" : "nuxeo:export"
    }

    /// The icon Nuxeo's web UI shows for the rendition, as the enricher reports it.
    var icon: String {
        switch self {
        case .thumbnail: "/icons/image.gif"
        case .pdf: "/icons/pdf.png"
        case .xmlExport: "/icons/xml.png"
        case .zipExport: "/icons/zip.png"
        }
    }

    /// Whether the rendition needs the document's main file.
    var needsMainFile: Bool {
        self == .thumbnail || self == .pdf
    }
}
