/// Decodes raw deflate data (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// Input is read least-significant bit first through a 64-bit buffer that is refilled once
/// per symbol; output grows in a plain array bounded by a caller-given limit.
struct Inflater {
    /// The deflate data.
    private let input: [UInt8]
    /// The index of the next input byte not yet in ``bitBuffer``.
    private var position: Int
    /// Input bits not yet consumed, the next one lowest.
    private var bitBuffer: UInt64 = 0
    /// How many bits of ``bitBuffer`` are input (the rest are zero).
    private var bitCount = 0
    /// The bytes decoded so far.
    private(set) var output: [UInt8] = []
    /// The most bytes ``output`` may hold.
    private let maximumOutputSize: Int

    /// The decoders of the fixed Huffman codes (§3.2.6), built once.
    private static let fixedCodes: (literals: HuffmanDecoder, distances: HuffmanDecoder) = {
        do {
            return (
                try HuffmanDecoder(lengths: DeflateTables.fixedLiteralLengths[...]),
                try HuffmanDecoder(lengths: DeflateTables.fixedDistanceLengths[...])
            )
        } catch {
            preconditionFailure("the fixed Huffman codes are complete")
        }
    }()

    /// Prepares to decode the deflate data that starts at `offset` in `input`.
    init(_ input: [UInt8], from offset: Int, maximumOutputSize: Int) {
        self.input = input
        self.position = offset
        self.maximumOutputSize = maximumOutputSize
        output.reserveCapacity(min(maximumOutputSize, max(1_024, (input.count - offset) * 4)))
    }

    /// Decodes blocks until the final one ends. On an error, ``output`` keeps the bytes
    /// decoded before it.
    mutating func decodeAllBlocks() throws(InflateError) {
        var isFinal = false
        while !isFinal {
            refill()
            isFinal = try take(1) == 1
            switch try take(2) {
            case 0:
                try decodeStoredBlock()
            case 1:
                try decodeHuffmanBlock(Self.fixedCodes.literals, Self.fixedCodes.distances)
            case 2:
                let codes = try readDynamicCodes()
                try decodeHuffmanBlock(codes.literals, codes.distances)
            default:
                throw .corrupt("invalid block type")
            }
        }
    }

    /// Moves input bytes into ``bitBuffer`` until it holds more than 56 bits or the input ends.
    @inline(__always)
    private mutating func refill() {
        while bitCount <= 56, position < input.count {
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// Consumes and returns the next `count` bits (at most 32, already in ``bitBuffer``).
    @inline(__always)
    private mutating func take(_ count: Int) throws(InflateError) -> Int {
        guard count <= bitCount else { throw .truncated }
        let value = Int(truncatingIfNeeded: bitBuffer & (1 << UInt64(count) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Consumes the code at the start of ``bitBuffer`` and returns its symbol.
    @inline(__always)
    private mutating func takeSymbol(_ decoder: HuffmanDecoder) throws(InflateError) -> Int {
        guard let (symbol, length) = decoder.decode(bitBuffer) else {
            if bitCount < 15 { throw .truncated }
            throw .corrupt("invalid Huffman code")
        }
        guard length <= bitCount else { throw .truncated }
        bitBuffer >>= UInt64(length)
        bitCount -= length
        return symbol
    }

    /// Copies a stored block (§3.2.4): its header is byte-aligned, then LEN and its
    /// complement NLEN, then LEN bytes.
    private mutating func decodeStoredBlock() throws(InflateError) {
        _ = try take(bitCount % 8)
        position -= bitCount / 8
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == complement ^ 0xFFFF else { throw .corrupt("stored block length mismatch") }
        position += 4
        let available = min(length, input.count - position)
        guard output.count + available <= maximumOutputSize else { throw .outputTooLarge }
        output.append(contentsOf: input[position..<(position + available)])
        position += available
        guard available == length else { throw .truncated }
    }

    /// Reads the header of a dynamic block (§3.2.7) and returns its literal/length and
    /// distance codes.
    private mutating func readDynamicCodes() throws(InflateError) -> (literals: HuffmanDecoder, distances: HuffmanDecoder) {
        refill()
        let literalCount = try take(5) + 257
        let distanceCount = try take(5) + 1
        let codeLengthCount = try take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many length or distance codes") }

        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            refill()
            codeLengthLengths[DeflateTables.codeLengthOrder[index]] = UInt8(try take(3))
        }
        let codeLengthCode = try HuffmanDecoder(lengths: codeLengthLengths[...])

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            refill()
            let symbol = try takeSymbol(codeLengthCode)
            let value: UInt8
            let repeatCount: Int
            switch symbol {
            case 0...15:
                value = UInt8(symbol)
                repeatCount = 1
            case 16:
                guard index > 0 else { throw .corrupt("length repeat with no previous length") }
                value = lengths[index - 1]
                repeatCount = 3 + (try take(2))
            case 17:
                value = 0
                repeatCount = 3 + (try take(3))
            default:
                value = 0
                repeatCount = 11 + (try take(7))
            }
            guard index + repeatCount <= total else { throw .corrupt("code lengths overflow the header's counts") }
            for offset in 0..<repeatCount {
                lengths[index + offset] = value
            }
            index += repeatCount
        }
        guard lengths[256] > 0 else { throw .corrupt("no end-of-block code") }
        return (
            try HuffmanDecoder(lengths: lengths[0..<literalCount]),
            try HuffmanDecoder(lengths: lengths[literalCount...])
        )
    }

    /// Decodes the symbols of a Huffman block up to its end-of-block symbol (§3.2.5).
    private mutating func decodeHuffmanBlock(_ literals: HuffmanDecoder, _ distances: HuffmanDecoder) throws(InflateError) {
        let lengthBases = DeflateTables.lengthBases
        let lengthExtraBits = DeflateTables.lengthExtraBits
        let distanceBases = DeflateTables.distanceBases
        let distanceExtraBits = DeflateTables.distanceExtraBits
        while true {
            // One refill gives the 15 + 5 + 15 + 13 bits the longest literal/length,
            // distance pair can take.
            refill()
            let symbol = try takeSymbol(literals)
            if symbol < 256 {
                guard output.count < maximumOutputSize else { throw .outputTooLarge }
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 {
                return
            }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw .corrupt("invalid length symbol") }
            let length = lengthBases[lengthIndex] + (try take(lengthExtraBits[lengthIndex]))
            let distanceSymbol = try takeSymbol(distances)
            guard distanceSymbol < 30 else { throw .corrupt("invalid distance symbol") }
            let distance = distanceBases[distanceSymbol] + (try take(distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else { throw .corrupt("distance too far back") }
            guard output.count + length <= maximumOutputSize else { throw .outputTooLarge }
            copyMatch(length: length, distance: distance)
        }
    }

    /// Appends `length` bytes copied from `distance` bytes back, which may overlap the bytes
    /// being appended.
    @inline(__always)
    private mutating func copyMatch(length: Int, distance: Int) {
        let start = output.count - distance
        for index in start..<(start + length) {
            output.append(output[index])
        }
    }
}
