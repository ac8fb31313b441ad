import Conversion

/// The type of an input file, told by its first bytes and, where those do not settle it
/// (ZIP and OLE2 containers, HTML), by its name's extension.
///
/// The accepted types are SignWell's: PDF; Word, PowerPoint and Excel files old and new;
/// Pages, Keynote and Numbers; JPEG, PNG, TIFF and WebP images; HTML. OpenDocument files
/// (`odt`, `ods`, `odp`), which LibreOffice reads natively, are accepted too.
enum FileKind: Hashable, Sendable {
    case pdf
    case png
    case jpeg
    case tiff
    case webp
    case html
    /// A document LibreOffice converts, with the extension it is given for conversion.
    case office(extension: String)

    /// The extensions accepted, as error messages list them.
    static let acceptedExtensions = [
        "pdf", "doc", "docx", "pages", "ppt", "pptx", "key", "xls", "xlsx", "numbers", "odt", "ods", "odp",
        "jpg", "jpeg", "png", "tif", "tiff", "webp", "html", "htm",
    ]
    /// Office formats stored as ZIP archives.
    private static let zipExtensions: Set<String> = ["docx", "pptx", "xlsx", "pages", "key", "numbers", "odt", "ods", "odp"]
    /// Office formats stored as OLE2 compound files.
    private static let compoundFileExtensions: Set<String> = ["doc", "ppt", "xls"]

    /// Tells the type of `bytes`, a file named `name`.
    ///
    /// - Throws: ``IntakeFailure`` `.unsupportedType` when the content is none of the accepted
    ///   types, with the list of those.
    static func detect(_ bytes: [UInt8], name: String) throws -> FileKind {
        let fileExtension = Self.fileExtension(of: name)
        if bytes.prefix(1024).containsSequence(Array("%PDF-".utf8)) {
            return .pdf
        }
        if let format = RasterFormat(of: bytes) {
            return format == .png ? .png : .jpeg
        }
        if bytes.starts(with: Array("II*\0".utf8)) || bytes.starts(with: Array("MM\0*".utf8)) {
            return .tiff
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            if zipExtensions.contains(fileExtension) {
                return .office(extension: fileExtension)
            }
            if let inferred = officeExtension(ofZIP: bytes) {
                return .office(extension: inferred)
            }
            throw IntakeFailure(.unsupportedType, "the file is a ZIP archive but not an office document; \(acceptedTypes)")
        }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            if compoundFileExtensions.contains(fileExtension) {
                return .office(extension: fileExtension)
            }
            return .office(extension: officeExtension(ofCompoundFile: bytes))
        }
        if looksLikeHTML(bytes) || (["html", "htm"].contains(fileExtension) && isText(bytes)) {
            return .html
        }
        if acceptedExtensions.contains(fileExtension) {
            throw IntakeFailure(.unsupportedType, "the file is named .\(fileExtension) but its content is not of that type")
        }
        throw IntakeFailure(.unsupportedType, "the file's type is not accepted; \(acceptedTypes)")
    }

    /// The sentence listing the accepted types.
    static var acceptedTypes: String {
        "accepted types are " + acceptedExtensions.joined(separator: ", ")
    }

    /// The lowercased extension of `name`, without the dot; empty when it has none.
    static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The extension of the office format of a ZIP archive, from the names of the parts
    /// Office Open XML and OpenDocument files have; `nil` when it has none of them.
    private static func officeExtension(ofZIP bytes: [UInt8]) -> String? {
        let markers: [(marker: String, fileExtension: String)] = [
            ("word/document.xml", "docx"), ("xl/workbook.xml", "xlsx"), ("ppt/presentation.xml", "pptx"),
            ("application/vnd.oasis.opendocument.text", "odt"),
            ("application/vnd.oasis.opendocument.spreadsheet", "ods"),
            ("application/vnd.oasis.opendocument.presentation", "odp"),
        ]
        return markers.first { bytes.containsSequence(Array($0.marker.utf8)) }?.fileExtension
    }

    /// The extension of the Office format of an OLE2 compound file, from the UTF-16 name of
    /// its main stream; `doc` when none is found (LibreOffice then tells it by content).
    private static func officeExtension(ofCompoundFile bytes: [UInt8]) -> String {
        let streams: [(name: String, fileExtension: String)] = [("Workbook", "xls"), ("PowerPoint Document", "ppt"), ("WordDocument", "doc")]
        let match = streams.first { stream in
            bytes.containsSequence(stream.name.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] })
        }
        return match?.fileExtension ?? "doc"
    }

    /// Whether `bytes` begin like an HTML document: after a byte-order mark and white
    /// space, `<!doctype html`, `<html`, `<head` or `<body` in any case.
    private static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) {
            start += 1
        }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 16)], as: UTF8.self).lowercased()
        return ["<!doctype html", "<html", "<head", "<body"].contains { head.hasPrefix($0) }
    }

    /// Whether the first kilobyte of `bytes` is text: valid UTF-8 without NUL bytes (a
    /// character cut at the kilobyte's end is not held against it).
    private static func isText(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(1024)
        guard !head.contains(0) else { return false }
        let complete = bytes.count > head.count ? head.dropLast(3) : head
        return String(validating: complete, as: UTF8.self) != nil
    }
}

extension Collection where Element == UInt8, Index == Int {
    /// Whether `needle` occurs anywhere in the bytes.
    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return false }
        var index = startIndex
        while let found = self[index...].firstIndex(of: first), found + needle.count <= endIndex {
            if self[found..<(found + needle.count)].elementsEqual(needle) {
                return true
            }
            index = found + 1
        }
        return false
    }
}
