import Foundation

/// What a request sends after its headers.
enum RequestBody: Sendable {
    /// Nothing.
    case none
    /// Bytes held in memory.
    case data(Data)
    /// The contents of a file, read while they are sent; a temporary file is removed once the
    /// request is over.
    case file(URL, isTemporary: Bool)
}
