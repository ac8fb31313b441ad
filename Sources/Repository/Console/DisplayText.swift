import Foundation

/// How the console writes sizes for people: the same text in every page and whatever the
/// server's locale, with the exact value one hover away (the `size` template puts it in a
/// `title`). Instants are ``HTTPSupport/ConsoleTime``s.
enum DisplayText {
    /// A size in bytes, as a file manager writes it.
    struct Size: Sendable {
        /// The exact count of bytes.
        let bytes: Int64
        /// The count in the largest decimal unit below it (`4 bytes`, `12.3 kB`, `2.1 MB`).
        let text: String

        /// The size of `bytes` bytes.
        init(_ bytes: Int64) {
            let units = ["kB", "MB", "GB", "TB", "PB"]
            var text = bytes == 1 ? "1 byte" : "\(bytes) bytes"
            var value = Double(bytes)
            for unit in units where value >= 1000 {
                value /= 1000
                text = String(format: "%.1f", value) + " " + unit
            }
            self.bytes = bytes
            self.text = text
        }
    }
}
