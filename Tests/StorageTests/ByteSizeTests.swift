import Storage
import Testing

/// Sizes as people type them and as the pages show them.
@Suite struct ByteSizeTests {
    @Test(
        arguments: [
            ("1024", 1024), ("0", 0), ("500MB", 500_000_000), ("10GiB", 10 << 30), (" 3 KiB ", 3 << 10), ("7B", 7), ("2TB", 2_000_000_000_000),
        ] as [(String, Int64)])
    func parsesNumbersWithUnits(text: String, bytes: Int64) {
        #expect(ByteSize(parsing: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "lots", "-1", "1.5GiB", "10 PB", "GiB", "9223372036854775807KiB"])
    func refusesWhatIsNotASize(text: String) {
        #expect(ByteSize(parsing: text) == nil)
    }

    @Test(
        arguments: [
            (0, "0 B"), (1023, "1023 B"), (1024, "1 KiB"), (1536, "1.5 KiB"), (1024 * 1024 - 1, "1024 KiB"), (1536 << 20, "1.5 GiB"),
            (Int64.max, "8388608 TiB"),
        ] as [(Int64, String)])
    func showsTheLargestBinaryUnitWithOneDecimal(bytes: Int64, text: String) {
        #expect(ByteSize(bytes: bytes).description == text)
    }
}
