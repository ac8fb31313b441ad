import Foundation

/// A number of bytes as people type and read it: `1024`, `500MB`, `10GiB`.
public struct ByteSize: Hashable, Sendable, CustomStringConvertible {
    /// The size in bytes.
    public let bytes: Int64

    /// The units a size may end with, longest suffix first within each family so that `GiB`
    /// is not read as `B`.
    private static let units: [(suffix: String, factor: Int64)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("TiB", 1 << 40),
        ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("TB", 1_000_000_000_000), ("B", 1),
    ]

    /// The binary units a size is shown in, largest first.
    private static let binaryUnits: [(suffix: String, factor: Int64)] = [
        ("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10),
    ]

    /// A size of `bytes`.
    public init(bytes: Int64) {
        self.bytes = bytes
    }

    /// The size `text` states: a whole number of bytes, optionally followed by a unit, KB, MB,
    /// GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024); `nil` for anything
    /// else, a negative number or a size past `Int64.max`.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        let unit = Self.units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let number = Int64(text.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)), number >= 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit.factor)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    /// The size in the largest binary unit it reaches, with one decimal where it has one
    /// (`1.5 GiB`, `512 KiB`), or in bytes below a KiB (`100 B`).
    public var description: String {
        guard let unit = Self.binaryUnits.first(where: { bytes >= $0.factor }) else { return "\(bytes) B" }
        // Whole units and rounded tenths apart, so that no product can overflow.
        var whole = bytes / unit.factor
        var tenth = ((bytes % unit.factor) * 10 + unit.factor / 2) / unit.factor
        if tenth == 10 { (whole, tenth) = (whole + 1, 0) }
        return tenth == 0 ? "\(whole) \(unit.suffix)" : "\(whole).\(tenth) \(unit.suffix)"
    }
}
