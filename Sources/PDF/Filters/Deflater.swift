/// Encodes data as raw deflate (RFC 1951).
///
/// The LZ77 parse of ``LZ77Matcher`` is cut into blocks of ``tokensPerBlock`` tokens; each
/// block is written as a dynamic-Huffman, fixed-Huffman or stored block, whichever is
/// smallest.
enum Deflater {
    /// The number of tokens per block: small enough for the codes to follow changes in the
    /// data, large enough for a dynamic block header to pay off.
    private static let tokensPerBlock = 16_384
    /// The most bytes a stored block holds.
    private static let storedBlockLimit = 65_535

    /// The deflate data of `bytes`.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        let tokens = bytes.withUnsafeBufferPointer { LZ77Matcher.tokens(of: $0) }
        var writer = DeflateBitWriter()
        var blockStart = 0
        var byteOffset = 0
        repeat {
            let blockEnd = min(blockStart + tokensPerBlock, tokens.count)
            let block = tokens[blockStart..<blockEnd]
            let byteCount = block.reduce(0) { $0 + ($1.isMatch ? $1.length : 1) }
            writeBlock(
                block, bytes: bytes[byteOffset..<(byteOffset + byteCount)],
                isFinal: blockEnd == tokens.count, to: &writer
            )
            blockStart = blockEnd
            byteOffset += byteCount
        } while blockStart < tokens.count
        writer.alignToByte()
        return writer.bytes
    }

    /// The literal/length symbol of a match length (3…258).
    @inline(__always)
    static func lengthSymbol(_ length: Int) -> Int {
        let offset = length - 3
        if offset < 8 { return 257 + offset }
        if length == 258 { return 285 }
        let magnitude = Int.bitWidth - 1 - offset.leadingZeroBitCount
        return 257 + 4 * (magnitude - 1) + (offset >> (magnitude - 2) & 3)
    }

    /// The distance symbol of a match distance (1…32768).
    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> Int {
        let offset = distance - 1
        if offset < 4 { return offset }
        let magnitude = Int.bitWidth - 1 - offset.leadingZeroBitCount
        return 2 * magnitude + (offset >> (magnitude - 1) & 1)
    }

    /// The symbol frequencies of a block: literal/length symbols 0…285 (with one
    /// end-of-block) and distance symbols 0…29.
    private static func frequencies(of block: ArraySlice<LZ77Token>) -> (literals: [Int], distances: [Int]) {
        var literals = [Int](repeating: 0, count: 286)
        var distances = [Int](repeating: 0, count: 30)
        for token in block {
            if token.isMatch {
                literals[lengthSymbol(token.length)] += 1
                distances[distanceSymbol(token.distance)] += 1
            } else {
                literals[token.literal] += 1
            }
        }
        literals[256] = 1
        return (literals, distances)
    }

    /// The number of extra bits the matches of a block carry, from its frequencies.
    private static func extraBitCount(literals: [Int], distances: [Int]) -> Int {
        var total = 0
        for (index, extra) in DeflateTables.lengthExtraBits.enumerated() {
            total += literals[257 + index] * extra
        }
        for (index, extra) in DeflateTables.distanceExtraBits.enumerated() {
            total += distances[index] * extra
        }
        return total
    }

    /// Writes one block in its smallest form.
    private static func writeBlock(
        _ block: ArraySlice<LZ77Token>, bytes: ArraySlice<UInt8>, isFinal: Bool, to writer: inout DeflateBitWriter
    ) {
        let (literalFrequencies, distanceFrequencies) = frequencies(of: block)
        let extraBits = extraBitCount(literals: literalFrequencies, distances: distanceFrequencies)

        let fixedLiterals = HuffmanEncoder(lengths: DeflateTables.fixedLiteralLengths)
        let fixedDistances = HuffmanEncoder(lengths: DeflateTables.fixedDistanceLengths)
        let fixedCost = 3 + fixedLiterals.cost(of: literalFrequencies) + fixedDistances.cost(of: distanceFrequencies)

        let literals = HuffmanEncoder(frequencies: literalFrequencies, maximumLength: 15)
        let distances = HuffmanEncoder(frequencies: distanceFrequencies, maximumLength: 15)
        let header = DynamicBlockHeader(literalLengths: literals.lengths, distanceLengths: distances.lengths)
        let dynamicCost = 3 + header.bitCount + literals.cost(of: literalFrequencies) + distances.cost(of: distanceFrequencies)

        let storedBlockCount = max(1, (bytes.count + storedBlockLimit - 1) / storedBlockLimit)
        let storedCost = storedBlockCount * (3 + 7 + 32) + 8 * bytes.count

        if storedCost <= min(fixedCost, dynamicCost) + extraBits {
            writeStored(bytes, isFinal: isFinal, to: &writer)
        } else if fixedCost <= dynamicCost {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(1, count: 2)
            writeTokens(block, literals: fixedLiterals, distances: fixedDistances, to: &writer)
        } else {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(2, count: 2)
            header.write(to: &writer)
            writeTokens(block, literals: literals, distances: distances, to: &writer)
        }
    }

    /// Writes `bytes` as stored blocks of at most ``storedBlockLimit`` bytes each.
    private static func writeStored(_ bytes: ArraySlice<UInt8>, isFinal: Bool, to writer: inout DeflateBitWriter) {
        var start = bytes.startIndex
        repeat {
            let end = min(start + storedBlockLimit, bytes.endIndex)
            writer.write(isFinal && end == bytes.endIndex ? 1 : 0, count: 1)
            writer.write(0, count: 2)
            writer.alignToByte()
            let length = end - start
            writer.write(length, count: 16)
            writer.write(length ^ 0xFFFF, count: 16)
            writer.writeAligned(bytes[start..<end])
            start = end
        } while start < bytes.endIndex
    }

    /// Writes the tokens of a Huffman block and its end-of-block code.
    private static func writeTokens(
        _ block: ArraySlice<LZ77Token>, literals: HuffmanEncoder, distances: HuffmanEncoder,
        to writer: inout DeflateBitWriter
    ) {
        let literalCodes = literals.codes
        let literalLengths = literals.lengths
        let distanceCodes = distances.codes
        let distanceLengths = distances.lengths
        for token in block {
            guard token.isMatch else {
                writer.write(literalCodes[token.literal], count: Int(literalLengths[token.literal]))
                continue
            }
            let length = token.length
            let lengthSymbol = lengthSymbol(length)
            writer.write(literalCodes[lengthSymbol], count: Int(literalLengths[lengthSymbol]))
            let lengthIndex = lengthSymbol - 257
            writer.write(length - DeflateTables.lengthBases[lengthIndex], count: DeflateTables.lengthExtraBits[lengthIndex])
            let distance = token.distance
            let distanceSymbol = distanceSymbol(distance)
            writer.write(distanceCodes[distanceSymbol], count: Int(distanceLengths[distanceSymbol]))
            writer.write(
                distance - DeflateTables.distanceBases[distanceSymbol],
                count: DeflateTables.distanceExtraBits[distanceSymbol]
            )
        }
        writer.write(literalCodes[256], count: Int(literalLengths[256]))
    }
}
