@testable import PDF

extension PDFObject {
    /// The object's serialization, read as UTF-8 text.
    var serializedText: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
