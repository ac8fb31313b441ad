import Testing
import TransparencyLog

@Suite struct HexTests {
    @Test func encodesEveryByteAsTwoLowercaseDigits() {
        let bytes = (0...255).map(UInt8.init)
        let text = Hex.encode(bytes)
        #expect(text.count == 512)
        #expect(text.hasPrefix("000102030405060708090a0b0c0d0e0f10"))
        #expect(text.hasSuffix("fafbfcfdfeff"))
        #expect(Hex.decode(text) == bytes)
    }

    @Test func decodesEitherCaseAndRefusesOtherText() {
        #expect(Hex.decode("DEADbeef") == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(Hex.decode("") == [])
        for bad in ["a", "abc", "zz", "0x00", "00 ", "é0"] {
            #expect(Hex.decode(bad) == nil, "\(bad)")
        }
    }
}
