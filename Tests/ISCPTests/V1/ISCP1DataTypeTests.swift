import ISCP
import Testing

@Suite struct ISCP1DataTypeTests {
    @Test func theSwiftSDKsTableOfDataTypeBytesIsKnown() {
        // The byte table of intdash-swift's IntdashDataType, in its case order (spec §2.4).
        let swiftTable: [UInt8] = [0x87, 0x01, 0x02, 0x03, 0x04, 0x05, 0x09, 0x0d, 0x0f, 0x10, 0x11, 0x0a, 0x0b, 0x0c, 0x0e, 0x7f]
        #expect(swiftTable.allSatisfy { ISCP1DataType(rawValue: $0) != nil })
        #expect(ISCP1DataType(rawValue: 0x06) == nil)
    }
}
