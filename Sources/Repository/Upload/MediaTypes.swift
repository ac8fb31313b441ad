import Foundation

/// Guesses a file's MIME type from its name, for uploads whose client sent none or only a
/// generic one (`application/octet-stream`, or a bare word such as `pdf`).
public enum MediaTypes {
    /// The type to record for a file named `fileName` sent as `declared`.
    public static func resolve(declared: String?, fileName: String) -> String {
        let declared = declared?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if isSpecific(declared) { return declared }
        return guess(fileName: fileName) ?? "application/octet-stream"
    }

    /// The type of files with `fileName`'s extension, or `nil` when it is not a known one.
    public static func guess(fileName: String) -> String? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()]
    }

    /// Whether `type` is `major/minor` and says more than "some bytes".
    private static func isSpecific(_ type: String) -> Bool {
        let parts = type.split(separator: "/")
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && type != "application/octet-stream"
            && type != "application/x-www-form-urlencoded"
    }

    private static let byExtension: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "log": "text/plain", "md": "text/markdown", "csv": "text/csv",
        "html": "text/html", "htm": "text/html", "css": "text/css", "xml": "text/xml", "js": "application/javascript",
        "json": "application/json", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "rtf": "application/rtf",
        "doc": "application/msword", "dot": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint", "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "odp": "application/vnd.oasis.opendocument.presentation",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "svg": "image/svg+xml", "webp": "image/webp", "ico": "image/vnd.microsoft.icon",
        "heic": "image/heic", "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "m4a": "audio/mp4",
        "mp4": "video/mp4", "mov": "video/quicktime", "avi": "video/x-msvideo", "webm": "video/webm", "mkv": "video/x-matroska",
    ]
}
