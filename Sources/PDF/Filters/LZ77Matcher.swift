/// Finds the LZ77 parse of data for ``Deflater``: for each position, the longest earlier
/// match within the 32 KiB window, found through hash chains of three-byte prefixes, with
/// one step of lazy evaluation (a match is deferred when the next position has a longer one).
struct LZ77Matcher {
    /// The number of bits of the three-byte prefix hash.
    private static let hashBits = 15
    /// The most chain links followed per search.
    private static let maximumChainLength = 128
    /// A match at least this long is taken without looking for a longer one at the next byte.
    private static let lazyMatchLimit = 32
    /// A search stops at a match at least this long.
    private static let goodEnoughLength = 128
    /// When the match being deferred is at least this long, the search at the next byte
    /// follows a quarter of the chain links.
    private static let shortSearchLength = 8

    /// For each hash, the latest position inserted with it, or -1.
    private var head = [Int32](repeating: -1, count: 1 << hashBits)
    /// For each position modulo the window size, the previous position with the same hash.
    private var previous = [Int32](repeating: -1, count: DeflateTables.windowSize)

    /// The parse of `data` into literals and matches, in order.
    static func tokens(of data: UnsafeBufferPointer<UInt8>) -> [LZ77Token] {
        var matcher = LZ77Matcher()
        var tokens: [LZ77Token] = []
        tokens.reserveCapacity(data.count / 2)
        var position = 0
        var match = matcher.longestMatch(in: data, at: 0, links: maximumChainLength)
        while position < data.count {
            guard match.length >= DeflateTables.minimumMatchLength else {
                tokens.append(LZ77Token(literal: data[position]))
                matcher.insert(data, position)
                position += 1
                match = matcher.longestMatch(in: data, at: position, links: maximumChainLength)
                continue
            }
            matcher.insert(data, position)
            if match.length < lazyMatchLimit {
                let links = match.length >= shortSearchLength ? maximumChainLength / 4 : maximumChainLength
                let next = matcher.longestMatch(in: data, at: position + 1, links: links)
                if next.length > match.length {
                    tokens.append(LZ77Token(literal: data[position]))
                    position += 1
                    match = next
                    continue
                }
            }
            tokens.append(LZ77Token(length: match.length, distance: match.distance))
            for skipped in (position + 1)..<(position + match.length) {
                matcher.insert(data, skipped)
            }
            position += match.length
            match = matcher.longestMatch(in: data, at: position, links: maximumChainLength)
        }
        return tokens
    }

    /// The hash of the three bytes at `position`.
    @inline(__always)
    private static func hash(_ data: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        (Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])) & (1 << hashBits - 1)
    }

    /// Records `position` as the latest occurrence of its three-byte prefix.
    @inline(__always)
    private mutating func insert(_ data: UnsafeBufferPointer<UInt8>, _ position: Int) {
        guard position + DeflateTables.minimumMatchLength <= data.count else { return }
        let hash = Self.hash(data, position)
        previous[position & (DeflateTables.windowSize - 1)] = head[hash]
        head[hash] = Int32(position)
    }

    /// The longest match for the bytes at `position` among the positions inserted so far,
    /// following at most `links` chain links; a length below 3 means none.
    private func longestMatch(in data: UnsafeBufferPointer<UInt8>, at position: Int, links: Int) -> (length: Int, distance: Int) {
        guard position + DeflateTables.minimumMatchLength <= data.count else { return (0, 0) }
        let limit = min(DeflateTables.maximumMatchLength, data.count - position)
        let goodEnough = min(Self.goodEnoughLength, limit)
        var bestLength = DeflateTables.minimumMatchLength - 1
        var bestDistance = 0
        var candidate = Int(head[Self.hash(data, position)])
        var remainingLinks = links
        while candidate >= 0, position - candidate <= DeflateTables.windowSize, remainingLinks > 0 {
            if data[candidate + bestLength] == data[position + bestLength], data[candidate] == data[position] {
                var length = 0
                while length < limit, data[candidate + length] == data[position + length] {
                    length += 1
                }
                if length > bestLength {
                    bestLength = length
                    bestDistance = position - candidate
                    if length >= goodEnough { break }
                }
            }
            candidate = Int(previous[candidate & (DeflateTables.windowSize - 1)])
            remainingLinks -= 1
        }
        return (bestLength, bestDistance)
    }
}
