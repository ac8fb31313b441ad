import Foundation
import Testing

@testable import Signing

/// Checks the lenient but exact decoding of `file_base64`.
@Suite struct Base64FileDecoderTests {
    /// Bytes whose encodings use every character of both alphabets' last two.
    static let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x10, 0x83, 0xFF, 0xFE]

    @Test func everyAcceptedSpellingDecodesToTheSameBytes() throws {
        let standard = Data(Self.bytes).base64EncodedString()
        #expect(standard == "+/+/ABCD//4=")
        let spellings = [
            standard,
            "+/+/ABCD//4",
            "-_-_ABCD__4=",
            "-_-_ABCD__4",
            "+/+/\r\nABCD\n//4=\n",
            " +/+/ AB\tCD //4= ",
            "data:application/pdf;base64,+/+/ABCD//4=",
            "DATA:application/octet-stream;name=x.pdf;BASE64,-_-_ABCD__4",
        ]
        for spelling in spellings {
            #expect(try Base64FileDecoder.decode(spelling, maximumSize: 100) == Self.bytes, "\(spelling)")
        }
    }

    @Test func everyLengthRoundTrips() throws {
        let bytes = (0..<64).map { UInt8($0 * 37 & 0xFF) }
        for count in 0...bytes.count {
            let encoded = Data(bytes.prefix(count)).base64EncodedString(options: .lineLength64Characters)
            #expect(try Base64FileDecoder.decode(encoded, maximumSize: 1000) == Array(bytes.prefix(count)))
            let unpadded = encoded.replacingOccurrences(of: "=", with: "")
            #expect(try Base64FileDecoder.decode(unpadded, maximumSize: 1000) == Array(bytes.prefix(count)))
        }
    }

    @Test func invalidTextIsRefusedWithThePlaceOfTheProblem() throws {
        let cases: [(text: String, message: String)] = [
            ("QUJD%RA==", "unexpected character '%' at character 5"),
            ("QUJDRA==QQ==", "data after '=' padding at character 9"),
            ("QUJDR", "one character over"),
            ("QUJDRA=", "1 '=' where 2 belong"),
            ("QUJD===", "3 '=' where 0 belong"),
            ("QUJDRé==", "unexpected byte 0xC3 at character 6"),
            ("data:application/pdf,JVBERi0=", "without ';base64,'"),
        ]
        for (text, message) in cases {
            let failure = try #require(throws: IntakeFailure.self) { try Base64FileDecoder.decode(text, maximumSize: 100) }
            #expect(failure.reason == .invalidBase64, "\(text)")
            #expect(failure.message.contains(message), "\(text): \(failure.message)")
        }
    }

    @Test func theSizeLimitHoldsToTheByte() throws {
        let encoded = Data(repeating: 7, count: 1000).base64EncodedString()
        #expect(try Base64FileDecoder.decode(encoded, maximumSize: 1000).count == 1000)
        let failure = try #require(throws: IntakeFailure.self) { try Base64FileDecoder.decode(encoded, maximumSize: 999) }
        #expect(failure.reason == .fileTooLarge)
        #expect(failure.message == "the file is larger than the 999 bytes this server accepts")
        let mebibytes = try #require(throws: IntakeFailure.self) {
            try Base64FileDecoder.decode(Data(repeating: 0, count: 1024 * 1024 + 1).base64EncodedString(), maximumSize: 1024 * 1024)
        }
        #expect(mebibytes.message == "the file is larger than the 1 MiB this server accepts")
    }

    @Test func anInvalidCharacterFarInIsFoundBeforeAnythingIsDecoded() throws {
        let text = String(repeating: "QUJD", count: 10_000) + "!"
        let failure = try #require(throws: IntakeFailure.self) { try Base64FileDecoder.decode(text, maximumSize: 100_000) }
        #expect(failure.message.contains("at character 40001"))
    }
}
