/// One tile of a C2SP tlog-tiles log: up to 256 consecutive hashes of one level of the tree.
///
/// A tile at level `L` and index `N` holds, for `i` in `0..<width`, the hash of the subtree
/// over entries `(N·256 + i)·256^L ..< (N·256 + i + 1)·256^L`. Full tiles (width 256) never
/// change; the partial tile at the right edge of each level grows with the log.
///
/// ```swift
/// Tile(level: 0, index: 1_234_067, width: 112).path   // "tile/0/x001/x234/067.p/112"
/// ```
public struct Tile: Hashable, Sendable {
    /// Hashes per full tile.
    public static let fullWidth = 256

    /// The tile's level: level `L` holds hashes of subtrees of `256^L` entries.
    public let level: Int
    /// The tile's position in its level, from the left.
    public let index: Int
    /// How many hashes the tile holds, 1 through 256.
    public let width: Int

    /// Creates a tile coordinate.
    public init(level: Int, index: Int, width: Int = Tile.fullWidth) {
        self.level = level
        self.index = index
        self.width = width
    }

    /// Whether the tile holds all 256 hashes and so never changes.
    public var isFull: Bool { width == Self.fullWidth }

    /// The URL path of the tile below the log's prefix.
    public var path: String {
        "tile/\(level)/" + Self.encode(index) + (isFull ? "" : ".p/\(width)")
    }

    /// The URL path of the entry bundle with the same position (only for level 0).
    public var entriesPath: String {
        "tile/entries/" + Self.encode(index) + (isFull ? "" : ".p/\(width)")
    }

    /// Every tile, full or partial, that a tree of `size` entries has, level by level.
    public static func tiles(forTreeSize size: Int) -> [Tile] {
        var tiles: [Tile] = []
        var level = 0
        var hashesAtLevel = size
        while hashesAtLevel > 0 {
            let full = hashesAtLevel / fullWidth
            tiles += (0..<full).map { Tile(level: level, index: $0) }
            let partial = hashesAtLevel % fullWidth
            if partial > 0 { tiles.append(Tile(level: level, index: full, width: partial)) }
            level += 1
            hashesAtLevel /= fullWidth
        }
        return tiles
    }

    /// The tile's hashes, computed from all the log's leaf hashes.
    ///
    /// This is the definition a stored tile is checked against; it costs O(n).
    ///
    /// - Precondition: the tile lies within the tree of `leaves`.
    public func hashes(in leaves: [TreeHash]) -> [TreeHash] {
        var span = 1
        for _ in 0..<level { span *= Self.fullWidth }
        return (0..<width).map { i in
            let start = (index * Self.fullWidth + i) * span
            precondition(start + span <= leaves.count, "tile \(path) lies outside a tree of \(leaves.count)")
            return MerkleTree.root(of: leaves[start..<start + span])
        }
    }

    /// Parses a tile path (`tile/L/N[.p/W]` or `tile/entries/N[.p/W]`, the latter as level
    /// -1). Any string gives a tile or `nil`; none crashes.
    public init?(path: String) {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        guard parts.popFirst() == "tile", let levelText = parts.popFirst() else { return nil }
        let level: Int
        if levelText == "entries" {
            level = -1
        } else {
            guard let value = Int(levelText), value >= 0, value < 64, String(value) == levelText else { return nil }
            level = value
        }
        var width = Self.fullWidth
        if parts.count >= 2, parts[parts.endIndex - 2].hasSuffix(".p") {
            let widthText = parts.removeLast()
            guard let value = Int(widthText), (1..<Self.fullWidth).contains(value), String(value) == widthText else { return nil }
            width = value
            parts[parts.endIndex - 1] = parts[parts.endIndex - 1].dropLast(2)
        }
        guard let index = Self.decode(parts) else { return nil }
        self.init(level: level, index: index, width: width)
    }

    /// `1234067` → `x001/x234/067`: three-digit groups, all but the last prefixed with `x`.
    private static func encode(_ index: Int) -> String {
        var groups: [String] = []
        var rest = index
        repeat {
            let group = String(rest % 1000)
            groups.insert(String(repeating: "0", count: 3 - group.count) + group, at: 0)
            rest /= 1000
        } while rest > 0
        return groups.enumerated().map { $0.offset < groups.count - 1 ? "x" + $0.element : $0.element }.joined(separator: "/")
    }

    private static func decode(_ groups: ArraySlice<Substring>) -> Int? {
        guard !groups.isEmpty, groups.count <= 6 else { return nil }
        var index = 0
        for (position, group) in groups.enumerated() {
            let isLast = position == groups.count - 1
            let digits = isLast ? group : (group.hasPrefix("x") ? group.dropFirst() : "")
            guard digits.utf8.count == 3, digits.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(digits) else { return nil }
            index = index * 1000 + value
        }
        // The canonical form has no leading zero groups.
        guard groups.count == 1 || groups.first != "x000" else { return nil }
        return index
    }
}
