extension QRCode {
    /// The number of bytes a symbol of `version` holds in byte mode at `errorCorrection`.
    ///
    /// The data codewords carry a 4-bit mode indicator and a character count of 8 bits
    /// (versions 1–9) or 16 bits (versions 10–40) before the bytes themselves.
    ///
    /// - Precondition: `version` is between 1 and 40.
    public static func byteCapacity(version: Int, errorCorrection: ErrorCorrection) -> Int {
        precondition(versions.contains(version), "QR Code versions run from 1 to 40")
        let dataBits = BlockStructure(version: version, errorCorrection: errorCorrection).dataCodewordCount * 8
        let headerBits = DataCodewords.modeIndicatorBitCount + DataCodewords.characterCountBitCount(version: version)
        return (dataBits - headerBits) / 8
    }
}
