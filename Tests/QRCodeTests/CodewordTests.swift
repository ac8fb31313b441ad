import Testing

@testable import QRCode

/// The bit stream, padding, and block interleaving.
@Suite struct CodewordTests {
    @Test func byteModeBitStream() {
        // 0100 | 00000101 | "hello" | 0000, then the pad codewords.
        let codewords = DataCodewords.make(bytes: Array("hello".utf8), version: 1, count: 16)
        #expect(codewords == [0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
    }

    @Test func sixteenBitCountFromVersion10() {
        let codewords = DataCodewords.make(bytes: [0xAB], version: 10, count: 5)
        // 0100 | 0000000000000001 | 10101011 | 0000
        #expect(codewords == [0x40, 0x00, 0x1A, 0xB0, 0xEC])
    }

    @Test func fullCapacityLeavesNoPad() {
        let bytes = [UInt8](repeating: 0xFF, count: 14)
        let codewords = DataCodewords.make(bytes: bytes, version: 1, count: 16)
        #expect(codewords.first == 0x40)
        #expect(codewords.last == 0xF0)
        #expect(!codewords.contains(0xEC))
    }

    @Test func bitBufferPacksMostSignificantFirst() {
        var buffer = BitBuffer()
        buffer.append(0b101, bitCount: 3)
        buffer.append(0b00001, bitCount: 5)
        buffer.append(0x1234, bitCount: 16)
        #expect(buffer.count == 24)
        #expect(buffer.bytes == [0xA1, 0x12, 0x34])
    }

    /// Version 5-Q has two blocks of 15 data codewords and two of 16 (table 9).
    @Test func shortBlocksComeFirst() {
        let structure = BlockStructure(version: 5, errorCorrection: .quartile)
        #expect(structure.blockCount == 4)
        #expect(structure.errorCorrectionCodewordsPerBlock == 18)
        #expect(structure.dataCodewordCount == 62)
        let blocks = structure.split((0..<62).map(UInt8.init))
        #expect(blocks.map(\.count) == [15, 15, 16, 16])
        #expect(blocks[2].first == 30)
    }

    @Test func interleavingTakesOneCodewordFromEachBlockInTurn() {
        let structure = BlockStructure(version: 5, errorCorrection: .quartile)
        let data = (0..<62).map(UInt8.init)
        let sequence = structure.interleavedCodewords(data: data)
        #expect(sequence.count == 134)
        // Block starts are 0, 15, 30, 46; the long blocks' last codewords come after the others.
        #expect(Array(sequence[0..<8]) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(sequence[56..<62]) == [14, 29, 44, 60, 45, 61])
        let encoder = ReedSolomonEncoder(degree: 18)
        let firstBlockCheck = encoder.errorCorrectionCodewords(for: data[0..<15])
        #expect(sequence[62] == firstBlockCheck[0])
        #expect(sequence[66] == firstBlockCheck[1])
    }

    @Test func everyBlockFitsOneReedSolomonCode() {
        // A block of data and check codewords cannot be longer than GF(256) has nonzero elements.
        for level in QRCode.ErrorCorrection.allCases {
            for version in 1...40 {
                let structure = BlockStructure(version: version, errorCorrection: level)
                #expect(structure.dataCodewordCount > 0)
                #expect(structure.dataCodewordCount / structure.blockCount + structure.errorCorrectionCodewordsPerBlock <= 255)
            }
        }
    }
}
