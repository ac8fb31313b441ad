import Foundation

/// How the caches turn identifiers that come from the server into file names.
enum FileName {
    /// `text` as one path component: `nil` if it is empty, `.` or `..`; otherwise `text` with
    /// `/` (and `%`, so that names stay distinct) percent-encoded.
    static func component(_ text: String) -> String? {
        guard !text.isEmpty, text != ".", text != ".." else { return nil }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }
}
