/// How the codewords of one version and level divide into Reed–Solomon blocks.
///
/// Every block carries the same number of error-correction codewords. When the data
/// codewords do not divide evenly, the first blocks are short and the remaining ones hold one
/// data codeword more (ISO/IEC 18004, 7.5.2).
struct BlockStructure {
    /// The number of blocks.
    let blockCount: Int

    /// The number of error-correction codewords in each block.
    let errorCorrectionCodewordsPerBlock: Int

    /// The number of codewords in the symbol, data and error correction together.
    let totalCodewordCount: Int

    init(version: Int, errorCorrection: QRCode.ErrorCorrection) {
        blockCount = QRCodeTables.blockCounts(errorCorrection)[version - 1]
        errorCorrectionCodewordsPerBlock = QRCodeTables.errorCorrectionCodewordsPerBlock(errorCorrection)[version - 1]
        totalCodewordCount = QRCodeTables.totalCodewords[version - 1]
    }

    /// The number of data codewords in the symbol.
    var dataCodewordCount: Int {
        totalCodewordCount - blockCount * errorCorrectionCodewordsPerBlock
    }

    /// The number of data codewords in each short block.
    private var shortBlockDataCount: Int {
        dataCodewordCount / blockCount
    }

    /// The number of short blocks; the rest hold one data codeword more.
    private var shortBlockCount: Int {
        blockCount - dataCodewordCount % blockCount
    }

    /// The data codewords split into blocks, short blocks first.
    func split(_ data: [UInt8]) -> [ArraySlice<UInt8>] {
        precondition(data.count == dataCodewordCount, "data must fill the symbol's data codewords")
        var blocks: [ArraySlice<UInt8>] = []
        var start = data.startIndex
        for block in 0..<blockCount {
            let length = shortBlockDataCount + (block < shortBlockCount ? 0 : 1)
            blocks.append(data[start..<start + length])
            start += length
        }
        return blocks
    }

    /// The final codeword sequence: the data codewords of all blocks interleaved, followed by
    /// their error-correction codewords interleaved (ISO/IEC 18004, 7.6).
    func interleavedCodewords(data: [UInt8]) -> [UInt8] {
        let dataBlocks = split(data)
        let encoder = ReedSolomonEncoder(degree: errorCorrectionCodewordsPerBlock)
        let errorCorrectionBlocks = dataBlocks.map { encoder.errorCorrectionCodewords(for: $0) }

        var result: [UInt8] = []
        result.reserveCapacity(totalCodewordCount)
        for index in 0...shortBlockDataCount {
            for block in dataBlocks where index < block.count {
                result.append(block[block.startIndex + index])
            }
        }
        for index in 0..<errorCorrectionCodewordsPerBlock {
            for block in errorCorrectionBlocks {
                result.append(block[index])
            }
        }
        return result
    }
}
