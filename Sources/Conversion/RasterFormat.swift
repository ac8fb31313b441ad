/// The picture formats conversions read and write.
public enum RasterFormat: String, Sendable, CaseIterable {
    /// PNG.
    case png
    /// JPEG.
    case jpeg

    /// The format's MIME type.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The format of `bytes`, told by their signature; `nil` when they are neither PNG nor JPEG.
    public init?(of bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
