/// The text forms of the data ids the intdash API shows (spec §2.4, last column).
enum ISCP1DataID {
    /// `value` in lowercase hexadecimal, zero-padded to `digits`, like C's `%0Nx`.
    static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
