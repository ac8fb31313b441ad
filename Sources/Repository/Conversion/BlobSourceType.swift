import Conversion
import Foundation

/// What a blob is, as far as converting it goes: told by its MIME type and, for office
/// documents, by its name's extension, which LibreOffice picks its import filter by.
enum BlobSourceType: Equatable {
    /// A PDF file.
    case pdf
    /// A PNG or JPEG picture.
    case picture(RasterFormat)
    /// Text, HTML or an office document LibreOffice reads, with the extension it is given.
    case office(fileExtension: String, mimeType: String)
    /// Anything else.
    case other(mimeType: String)

    /// The type of `blob`.
    init(_ blob: BlobInfo) {
        let mimeType = blob.mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let nameExtension = (blob.name as NSString).pathExtension.lowercased()
        if mimeType == "application/pdf" {
            self = .pdf
        } else if let format = RasterFormat.allCases.first(where: { $0.mimeType == mimeType }) {
            self = .picture(format)
        } else if let fileExtension = Self.officeExtensions[mimeType] {
            let isOfficeExtension = Self.officeExtensions.values.contains(nameExtension)
            self = .office(fileExtension: isOfficeExtension ? nameExtension : fileExtension, mimeType: mimeType)
        } else {
            self = .other(mimeType: mimeType.isEmpty ? "application/octet-stream" : mimeType)
        }
    }

    /// The MIME type, as error messages name it.
    var mimeType: String {
        switch self {
        case .pdf: "application/pdf"
        case .picture(let format): format.mimeType
        case .office(_, let mimeType), .other(let mimeType): mimeType
        }
    }

    /// The extension LibreOffice is given for each MIME type it converts.
    private static let officeExtensions: [String: String] = [
        "text/plain": "txt", "text/html": "html", "text/csv": "csv", "text/rtf": "rtf", "application/rtf": "rtf",
        "application/msword": "doc", "application/vnd.ms-excel": "xls", "application/vnd.ms-powerpoint": "ppt",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
        "application/vnd.oasis.opendocument.text": "odt", "application/vnd.oasis.opendocument.spreadsheet": "ods",
        "application/vnd.oasis.opendocument.presentation": "odp",
    ]
}
