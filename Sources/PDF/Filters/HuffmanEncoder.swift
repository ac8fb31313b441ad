/// A canonical Huffman code (RFC 1951 §3.2.2) built from symbol frequencies, with code
/// lengths limited to a maximum, prepared for writing codes least-significant bit first.
struct HuffmanEncoder {
    /// The code length of each symbol; 0 for a symbol that never occurs.
    let lengths: [UInt8]
    /// The code of each symbol with its bits reversed, ready for ``DeflateBitWriter``.
    let codes: [Int]

    /// Builds an optimal code for `frequencies` whose lengths do not exceed `maximumLength`.
    /// At least two symbols get a code, so that the code is complete as zlib requires.
    init(frequencies: [Int], maximumLength: Int) {
        self.init(lengths: Self.lengths(for: frequencies, maximumLength: maximumLength))
    }

    /// Builds the canonical code with the given lengths.
    init(lengths: [UInt8]) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 {
            counts[Int(length)] += 1
        }
        var nextCodes = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCodes[length] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = HuffmanDecoder.reverse(nextCodes[Int(length)], bitCount: Int(length))
            nextCodes[Int(length)] += 1
        }
        self.lengths = lengths
        self.codes = codes
    }

    /// The number of bits `frequencies` take when coded with this code.
    func cost(of frequencies: [Int]) -> Int {
        zip(frequencies, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
    }

    /// Huffman code lengths for `frequencies`. When the optimal code is too deep, the
    /// frequencies are halved (keeping every used symbol at 1 or more) and the code rebuilt;
    /// repeated halving ends at a balanced code, which fits any limit deflate uses.
    private static func lengths(for frequencies: [Int], maximumLength: Int) -> [UInt8] {
        var weights = frequencies
        let used = weights.indices.filter { weights[$0] > 0 }
        if used.count < 2 {
            let padding = used.first == 0 ? 1 : 0
            weights[padding] = max(weights[padding], 1)
            if used.isEmpty { weights[1] = 1 }
        }
        while true {
            let lengths = unlimitedLengths(for: weights)
            if lengths.max() ?? 0 <= maximumLength {
                return lengths.map { UInt8($0) }
            }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
        }
    }

    /// Optimal (unlimited) code lengths for `weights` by the two-queue Huffman construction:
    /// leaves sorted by weight, and merged nodes, which are created in order of weight.
    private static func unlimitedLengths(for weights: [Int]) -> [Int] {
        let leaves = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $0) < (weights[$1], $1) }
        let leafCount = leaves.count
        // Nodes 0..<leafCount are the sorted leaves, the rest are merged nodes in creation order.
        var nodeWeights = leaves.map { weights[$0] }
        var parents = [Int](repeating: 0, count: 2 * leafCount - 1)
        var nextLeaf = 0
        var nextMerged = leafCount
        /// Takes the lighter of the next leaf and the next merged node.
        func takeLightest() -> Int {
            let mergedIsReady = nextMerged < nodeWeights.count
            if nextLeaf < leafCount, !mergedIsReady || nodeWeights[nextLeaf] <= nodeWeights[nextMerged] {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return nextMerged - 1
        }
        for _ in 1..<leafCount {
            let first = takeLightest()
            let second = takeLightest()
            parents[first] = nodeWeights.count
            parents[second] = nodeWeights.count
            nodeWeights.append(nodeWeights[first] + nodeWeights[second])
        }
        var depths = [Int](repeating: 0, count: nodeWeights.count)
        for node in stride(from: nodeWeights.count - 2, through: 0, by: -1) {
            depths[node] = depths[parents[node]] + 1
        }
        var lengths = [Int](repeating: 0, count: weights.count)
        for (node, symbol) in leaves.enumerated() {
            lengths[symbol] = depths[node]
        }
        return lengths
    }
}
