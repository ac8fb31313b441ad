import Crypto

extension HashedAuthenticationCode {
    /// The code as lowercase hexadecimal digits, as webhook hashes and signatures are written.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
